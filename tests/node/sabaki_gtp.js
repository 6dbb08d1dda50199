// Drives `tengen gtp` with @sabaki/gtp@3.0.0, the GTP controller library of Sabaki, the way
// Sabaki does, and checks what the library makes of the replies. Run by tests/sabaki_gtp.rs:
//   node tests/node/sabaki_gtp.js PATH_TO_TENGEN
// Exits 0 when every check passes; prints the failed check and exits 1 otherwise.
'use strict'

const assert = require('assert')
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

const VERTEX = /^([A-HJ-T](1[0-9]|[1-9])|pass)$/

// The analysis lines as Sabaki reads them: `info` records of key/value pairs up to `pv`,
// then the variation.
function parseInfo(line) {
  return line
    .split(/\s*info\s+/)
    .slice(1)
    .map(record => {
      let [head, pv = ''] = record.split(/\s+pv\s*/)
      // `rootInfo` and `ownership` come after the last move's variation.
      pv = pv.split(/\s+(rootInfo|ownership)\s/)[0]
      let words = head.trim().split(/\s+/)
      let fields = {}
      for (let i = 0; i + 1 < words.length; i += 2) fields[words[i]] = words[i + 1]
      return {...fields, pv: pv.trim().split(/\s+/).filter(x => x !== '')}
    })
}

function checkMoves(records, floats) {
  assert(records.length > 0, 'an info line lists moves')
  records.forEach((r, i) => {
    assert.match(r.move, VERTEX, `move of ${JSON.stringify(r)}`)
    assert.match(r.visits, /^\d+$/, 'visits is an integer')
    assert.strictEqual(+r.order, i, 'order counts from 0 in the line')
    assert(r.pv.length > 0 && r.pv[0] === r.move, 'the variation starts with the move')
    r.pv.forEach(v => assert.match(v, VERTEX))
    if (floats) {
      // Sabaki's `analyze`: every decimal written with a decimal point.
      for (let key of ['winrate', 'prior', 'lcb', 'scoreLead']) {
        assert.match(r[key], /^-?\d+\.\d+$/, `${key} of ${JSON.stringify(r)}`)
      }
      assert(+r.winrate >= 0 && +r.winrate <= 1, 'winrate is a share')
    } else {
      assert.match(r.winrate, /^\d+$/, 'lz winrate is an integer')
      assert(+r.winrate >= 0 && +r.winrate <= 10000)
    }
  })
}

// Sends `command` and collects the info lines it streams.
async function streamed(controller, command) {
  let infos = []
  let response = await controller.sendCommand(command, ({line}) => {
    if (line.startsWith('info ')) infos.push(line)
  })
  return {response, infos}
}

async function main() {
  let engine = process.argv[2]
  let controller = new Controller(engine, ['gtp', '--playouts', '200'])
  let stderr = []
  controller.on('stderr', ({content}) => stderr.push(content))
  let tracker = new ControllerStateTracker(controller)
  controller.start()

  // 1. Sabaki's board sync: komi, board size, then the whole history at once (the
  // tracker sends every command without waiting for the replies).
  let history = [
    {name: 'set_free_handicap', args: ['C3', 'G7']},
    ...['E5', 'C7', 'G3', 'E3', 'E7', 'D4', 'F4', 'D6', 'F6', 'C5', 'G5', 'B4', 'H4'].map(
      (v, i) => ({name: 'play', args: [i % 2 === 0 ? 'W' : 'B', v]})
    )
  ]
  await tracker.sync({komi: 0.5, boardsize: [9, 9], history})
  assert.deepStrictEqual(tracker.state.history.length, history.length)
  let board = await controller.sendCommand({name: 'showboard'})
  assert(!board.error, 'showboard')
  let stones = board.content.split('\n').slice(1, 10).join('').replace(/[^XO]/g, '')
  assert.strictEqual(stones.length, 15, `15 stones after the sync:\n${board.content}`)
  assert(board.content.includes('Black to move'), board.content)

  // A sync to a shorter history undoes, one to a longer one plays on.
  await tracker.sync({komi: 0.5, boardsize: [9, 9], history: history.slice(0, 5)})
  await tracker.sync({komi: 0.5, boardsize: [9, 9], history})
  board = await controller.sendCommand({name: 'showboard'})
  stones = board.content.split('\n').slice(1, 10).join('').replace(/[^XO]/g, '')
  assert.strictEqual(stones.length, 15, 'the same 15 stones after undo and replay')

  // 2. genmove_analyze: info lines while the move search runs, then `play`; the tracker
  // records the move played.
  let {response, infos} = await streamed(controller, {name: 'genmove_analyze', args: ['B', '1']})
  assert(!response.error, 'genmove_analyze succeeds')
  let last = response.content.split('\n').pop()
  let play = last.match(/^play (.+)$/)
  assert(play, `the reply ends with play: ${JSON.stringify(response.content)}`)
  assert.match(play[1], /^([A-HJ][1-9]|pass|resign)$/)
  assert(infos.length > 0, 'at least the final info line')
  infos.forEach(line => checkMoves(parseInfo(line), true))
  await new Promise(resolve => setTimeout(resolve, 50))
  if (play[1] !== 'resign') {
    assert.strictEqual(tracker.state.history.length, history.length + 1, 'the move is tracked')
  }

  // 3. analyze, interrupted by protocol_version as Sabaki stops an analysis.
  let analyzeInfos = []
  let sawInfo
  let firstInfo = new Promise(resolve => (sawInfo = resolve))
  let analysis = controller.sendCommand({name: 'analyze', args: ['W', '5']}, ({line}) => {
    if (line.startsWith('info ')) {
      analyzeInfos.push(line)
      sawInfo()
    }
  })
  await firstInfo
  let version = await controller.sendCommand({name: 'protocol_version'})
  let analyzed = await analysis
  assert(!analyzed.error, 'analyze ends as a success')
  assert.strictEqual(version.content, '2', 'the interrupting command is answered')
  assert.strictEqual(version.error, false)
  analyzeInfos.forEach(line => checkMoves(parseInfo(line), true))

  // 4. lz-analyze (Leela Zero's integers), with an id, stopped by a plain `name`.
  let lzInfos = []
  let lzSeen
  let lzFirst = new Promise(resolve => (lzSeen = resolve))
  let lz = controller.sendCommand({id: 42, name: 'lz-analyze', args: ['B', '5']}, ({line}) => {
    if (line.startsWith('info ')) {
      lzInfos.push(line)
      lzSeen()
    }
  })
  await lzFirst
  let name = await controller.sendCommand({name: 'name'})
  let lzResponse = await lz
  assert.strictEqual(lzResponse.id, 42)
  assert.strictEqual(name.content, 'tengen')
  lzInfos.forEach(line => checkMoves(parseInfo(line), false))

  // 5. kata-analyze with ownership: one value per point after the moves.
  let kataSeen
  let kataFirst = new Promise(resolve => (kataSeen = resolve))
  let kataLine = null
  let kata = controller.sendCommand(
    {name: 'kata-analyze', args: ['B', '5', 'ownership', 'true']},
    ({line}) => {
      if (line.startsWith('info ') && kataLine == null) {
        kataLine = line
        kataSeen()
      }
    }
  )
  await kataFirst
  await controller.sendCommand({name: 'protocol_version'})
  await kata
  let ownership = kataLine.split(' ownership ')[1].trim().split(/\s+/).map(Number)
  assert.strictEqual(ownership.length, 81)
  assert(ownership.every(x => x >= -1 && x <= 1), 'ownership in -1..1')

  // 6. Errors come back as errors; the engine stops on quit.
  let bad = await controller.sendCommand({name: 'play', args: ['B', 'E5']})
  assert(bad.error && bad.content === 'illegal move', JSON.stringify(bad))
  await controller.stop()
  console.log(`sabaki gtp: ok (${infos.length + analyzeInfos.length + lzInfos.length} info lines)`)
}

main().catch(err => {
  console.error(err && err.stack ? err.stack : err)
  process.exit(1)
})
