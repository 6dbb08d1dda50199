//! The SGF syntax: a collection of game trees, each a tree of nodes holding properties
//! with bracketed values. No property means anything here; [`super::record`] gives them
//! meaning.
//!
//! The parser reads bytes (every token is ASCII; values in another encoding than UTF-8
//! come out with replacement characters) and keeps its own stack, so neither deep
//! variations nor long games can exhaust the call stack.

use super::error::{Pos, SgfError, SgfErrorKind};
use super::value::Value;

/// One game: a tree of nodes, stored flat so that its size never costs call stack.
///
/// ```
/// use tengen::protocol::sgf::parse;
/// let games = parse("(;GM[1];B[aa](;W[bb])(;W[cc];B[dd]))").unwrap();
/// let tree = &games[0];
/// let ids: Vec<&str> = tree.main_line().flat_map(|n| n.properties()).map(|p| p.id()).collect();
/// assert_eq!(ids, ["GM", "B", "W"]);
/// let after_b = tree.children(tree.root()).next().unwrap();
/// assert_eq!(tree.children(after_b).count(), 2);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GameTree {
    /// The root first; every other node after its parent.
    nodes: Vec<Node>,
}

/// One node: its properties in the order written, and its children (indices into the
/// tree), the main-line child first.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    properties: Vec<Property>,
    children: Vec<usize>,
    pub(super) at: Pos,
}

/// A property: an identifier (uppercase letters; lowercase letters in the input are
/// dropped, as FF\[4\] asks of readers of older files) and one or more values.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    id: String,
    values: Vec<Value>,
    pub(super) at: Pos,
}

impl GameTree {
    /// The root node.
    pub fn root(&self) -> &Node {
        // A tree is only built once its root node has been read.
        &self.nodes[0]
    }

    /// The children of `node`, the main-line child first. (`node` must be of this tree;
    /// indices that are not give no children.)
    pub fn children<'a>(&'a self, node: &'a Node) -> impl Iterator<Item = &'a Node> + 'a {
        node.children.iter().filter_map(|&i| self.nodes.get(i))
    }

    /// The main line: the root, then the first child of each node.
    pub fn main_line(&self) -> impl Iterator<Item = &Node> + '_ {
        std::iter::successors(Some(self.root()), |n| self.children(n).next())
    }

    /// Number of nodes, in every variation.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }
}

impl Node {
    /// The properties, in the order written.
    pub fn properties(&self) -> &[Property] {
        &self.properties
    }

    /// The property with identifier `id`, if the node has it.
    pub fn get(&self, id: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.id == id)
    }
}

impl Property {
    /// The identifier, uppercase letters only.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The values, at least one.
    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

/// Reads an SGF collection: one or more game trees, with white space between tokens.
///
/// ```
/// use tengen::protocol::sgf::parse;
/// let games = parse("(;C[a \\] in a comment]) (;B[])").unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].root().get("C").unwrap().values()[0].text(), "a ] in a comment");
/// assert!(parse("(;B[aa]").is_err());
/// ```
pub fn parse(input: impl AsRef<[u8]>) -> Result<Vec<GameTree>, SgfError> {
    let mut cursor = Cursor::new(input.as_ref());
    let mut trees = Vec::new();
    loop {
        cursor.skip_white_space();
        let at = cursor.pos();
        let kind = match cursor.peek() {
            Some(b'(') => {
                trees.push(read_game_tree(&mut cursor)?);
                continue;
            }
            None if trees.is_empty() => SgfErrorKind::EmptyCollection,
            None => return Ok(trees),
            Some(b')') => SgfErrorKind::UnmatchedCloseParen,
            Some(_) if trees.is_empty() => SgfErrorKind::MissingOpenParen,
            Some(_) => SgfErrorKind::TrailingGarbage,
        };
        return Err(SgfError::new(kind, at));
    }
}

/// A game tree or variation still open while reading.
struct Open {
    /// Where its `(` is.
    at: Pos,
    /// The node its first node hangs from (`None` for the root).
    parent: Option<usize>,
    /// Its last node so far.
    last: Option<usize>,
    /// Has a variation begun? Then no more nodes may follow in this tree.
    branched: bool,
}

/// Reads one game tree, the cursor on its `(`.
fn read_game_tree(cursor: &mut Cursor) -> Result<GameTree, SgfError> {
    let mut nodes: Vec<Node> = Vec::new();
    let mut open = vec![Open {
        at: cursor.pos(),
        parent: None,
        last: None,
        branched: false,
    }];
    cursor.bump();
    loop {
        let Some(tree) = open.last_mut() else {
            return Ok(GameTree { nodes });
        };
        cursor.skip_white_space();
        let at = cursor.pos();
        let fail = |kind| Err(SgfError::new(kind, at));
        match cursor.peek() {
            None => return Err(SgfError::new(SgfErrorKind::UnclosedGameTree, tree.at)),
            Some(b';') if tree.branched => return fail(SgfErrorKind::NodeAfterVariation),
            Some(b';') => {
                cursor.bump();
                let index = nodes.len();
                let parent = tree.last.or(tree.parent);
                tree.last = Some(index);
                nodes.push(Node {
                    properties: read_properties(cursor)?,
                    children: Vec::new(),
                    at,
                });
                if let Some(p) = parent {
                    nodes[p].children.push(index);
                }
            }
            Some(b'(' | b')') if tree.last.is_none() => {
                return fail(SgfErrorKind::MissingSemicolon)
            }
            Some(b'(') => {
                tree.branched = true;
                let parent = tree.last;
                cursor.bump();
                open.push(Open {
                    at,
                    parent,
                    last: None,
                    branched: false,
                });
            }
            Some(b')') => {
                cursor.bump();
                open.pop();
            }
            Some(_) if tree.last.is_none() => return fail(SgfErrorKind::MissingSemicolon),
            Some(_) => {
                let found = cursor.word_or_char();
                return fail(SgfErrorKind::BadPropertyIdentifier(found));
            }
        }
    }
}

/// Reads the properties of a node, the cursor after its `;`, up to the first character
/// that cannot start a property.
fn read_properties(cursor: &mut Cursor) -> Result<Vec<Property>, SgfError> {
    let mut properties: Vec<Property> = Vec::new();
    loop {
        cursor.skip_white_space();
        let at = cursor.pos();
        if !cursor.peek().is_some_and(|b| b.is_ascii_alphanumeric()) {
            return Ok(properties);
        }
        let word = cursor.take_while(|b| b.is_ascii_alphanumeric());
        let id: String = word
            .iter()
            .filter(|b| b.is_ascii_uppercase())
            .map(|&b| char::from(b))
            .collect();
        if id.is_empty() || word.iter().any(u8::is_ascii_digit) {
            let word = String::from_utf8_lossy(word).into_owned();
            return Err(SgfError::new(SgfErrorKind::BadPropertyIdentifier(word), at));
        }
        let mut values = Vec::new();
        loop {
            cursor.skip_white_space();
            if cursor.peek() != Some(b'[') {
                break;
            }
            values.push(read_value(cursor)?);
        }
        let fail = |kind| Err(SgfError::new(kind, at));
        if values.is_empty() {
            return fail(SgfErrorKind::MissingValue(id));
        }
        if properties.iter().any(|p| p.id == id) {
            return fail(SgfErrorKind::DuplicateProperty(id));
        }
        properties.push(Property { id, values, at });
    }
}

/// Reads one value, the cursor on its `[`: everything up to the first `]` that no `\`
/// escapes, kept as written (escapes are resolved by the [`Value`] accessors).
fn read_value(cursor: &mut Cursor) -> Result<Value, SgfError> {
    let at = cursor.pos();
    cursor.bump();
    let start = cursor.offset;
    loop {
        match cursor.peek() {
            None => return Err(SgfError::new(SgfErrorKind::UnterminatedValue, at)),
            Some(b']') => break,
            Some(b'\\') => {
                cursor.bump();
                if cursor.peek().is_none() {
                    return Err(SgfError::new(SgfErrorKind::UnterminatedValue, at));
                }
                cursor.bump();
            }
            Some(_) => cursor.bump(),
        }
    }
    let raw = String::from_utf8_lossy(&cursor.bytes[start..cursor.offset]).into_owned();
    cursor.bump();
    Ok(Value::new(raw, at))
}

/// A position in the input that knows its line and column.
struct Cursor<'a> {
    bytes: &'a [u8],
    offset: usize,
    line: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn new(bytes: &'a [u8]) -> Cursor<'a> {
        // A byte-order mark is no part of the text.
        let offset = if bytes.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        Cursor {
            bytes,
            offset,
            line: 1,
            column: 1,
        }
    }

    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            column: self.column,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.offset).copied()
    }

    /// Steps over one byte (none at the end).
    fn bump(&mut self) {
        let Some(b) = self.peek() else { return };
        self.offset += 1;
        let ends_line = b == b'\n' || b == b'\r' && self.peek() != Some(b'\n');
        if ends_line {
            self.line += 1;
            self.column = 1;
        } else if b & 0xC0 != 0x80 {
            // UTF-8 continuation bytes belong to the character already counted.
            self.column += 1;
        }
    }

    fn take_while(&mut self, keep: impl Fn(&u8) -> bool) -> &'a [u8] {
        let start = self.offset;
        while self.peek().is_some_and(|b| keep(&b)) {
            self.bump();
        }
        &self.bytes[start..self.offset]
    }

    /// Spaces, tabs, line breaks and other control characters between tokens.
    fn skip_white_space(&mut self) {
        self.take_while(|&b| b <= b' ');
    }

    /// What stands at the cursor, for an error message: a run of letters and digits, or
    /// one character.
    fn word_or_char(&mut self) -> String {
        let word = self.take_while(u8::is_ascii_alphanumeric);
        if !word.is_empty() {
            return String::from_utf8_lossy(word).into_owned();
        }
        let rest = &self.bytes[self.offset..];
        let text = String::from_utf8_lossy(&rest[..rest.len().min(4)]).into_owned();
        text.chars().next().map(String::from).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> (SgfErrorKind, usize, usize) {
        let e = parse(input).unwrap_err();
        (e.kind, e.line, e.column)
    }

    #[test]
    fn variations_hang_from_the_node_before_them() {
        let tree = &parse("(;A[1];B[2](;C[3];D[4])(;E[5](;F[6])(;G[7])))").unwrap()[0];
        assert_eq!(tree.node_count(), 7);
        let first_id = |n: &Node| n.properties()[0].id().to_string();
        let line: Vec<String> = tree.main_line().map(first_id).collect();
        assert_eq!(line, ["A", "B", "C", "D"]);
        let b = tree.children(tree.root()).next().unwrap();
        let kids: Vec<String> = tree.children(b).map(first_id).collect();
        assert_eq!(kids, ["C", "E"]);
        let e = tree.children(b).nth(1).unwrap();
        let kids: Vec<String> = tree.children(e).map(first_id).collect();
        assert_eq!(kids, ["F", "G"]);
    }

    #[test]
    fn identifiers_drop_lowercase_letters_and_values_keep_escapes() {
        let tree = &parse("(;AddBlack[aa][bb]\n Comment [x\\]y] )").unwrap()[0];
        let root = tree.root();
        assert_eq!(root.properties().len(), 2);
        assert_eq!(root.get("AB").unwrap().values().len(), 2);
        assert_eq!(root.get("C").unwrap().values()[0].raw(), "x\\]y");
    }

    #[test]
    fn positions_count_lines_and_characters() {
        // "é" is two bytes and one column; "\r\n" and a lone "\r" each end one line.
        assert_eq!(
            error("(;C[é]\r\n;B[aa]\r;1[]"),
            (SgfErrorKind::BadPropertyIdentifier("1".into()), 3, 2)
        );
        assert_eq!(
            error("\u{feff}(;C[é]X"),
            (SgfErrorKind::MissingValue("X".into()), 1, 7)
        );
    }

    #[test]
    fn each_syntax_error_is_named_where_it_happens() {
        use SgfErrorKind::*;
        assert_eq!(error(""), (EmptyCollection, 1, 1));
        assert_eq!(error(" \n\t "), (EmptyCollection, 2, 3));
        assert_eq!(error("x(;)"), (MissingOpenParen, 1, 1));
        assert_eq!(error("()"), (MissingSemicolon, 1, 2));
        assert_eq!(error("(B[aa])"), (MissingSemicolon, 1, 2));
        assert_eq!(error("(;B[aa]())"), (MissingSemicolon, 1, 9));
        assert_eq!(error("((;B[aa]))"), (MissingSemicolon, 1, 2));
        assert_eq!(error("(;B[aa](;W[bb]"), (UnclosedGameTree, 1, 8));
        assert_eq!(error("(;B[aa]"), (UnclosedGameTree, 1, 1));
        assert_eq!(error("(;B[aa]))"), (UnmatchedCloseParen, 1, 9));
        assert_eq!(error("(;C[abc\\]"), (UnterminatedValue, 1, 4));
        assert_eq!(error("(;C[abc\\"), (UnterminatedValue, 1, 4));
        assert_eq!(
            error("(;B1[aa])"),
            (BadPropertyIdentifier("B1".into()), 1, 3)
        );
        assert_eq!(
            error("(;add[aa])"),
            (BadPropertyIdentifier("add".into()), 1, 3)
        );
        assert_eq!(error("(;[aa])"), (BadPropertyIdentifier("[".into()), 1, 3));
        assert_eq!(error("(;B[aa] C)"), (MissingValue("C".into()), 1, 9));
        assert_eq!(
            error("(;B[aa]B[bb])"),
            (DuplicateProperty("B".into()), 1, 8)
        );
        assert_eq!(error("(;B[aa](;W[bb]);B[cc])"), (NodeAfterVariation, 1, 16));
        assert_eq!(error("(;B[aa]) ;"), (TrailingGarbage, 1, 10));
    }

    #[test]
    fn white_space_between_tokens_is_free() {
        let compact = parse("(;B[aa][bb];W[cc](;B[dd])(;B[ee]))").unwrap();
        let spaced = parse(" ( ; B [aa] \n [bb] ;\tW[cc] ( ;B[dd] ) ( ;B[ee] ) ) \n").unwrap();
        let shape = |t: &GameTree| {
            t.main_line()
                .map(|n| (n.properties().len(), t.children(n).count()))
                .collect::<Vec<_>>()
        };
        assert_eq!(shape(&compact[0]), shape(&spaced[0]));
        assert_eq!(spaced[0].node_count(), 4);
    }

    #[test]
    fn deep_nesting_and_long_lines_cost_no_stack() {
        let n = 200_000;
        let deep = "(;".to_string() + &"(;".repeat(n) + &")".repeat(n + 1);
        assert_eq!(parse(&deep).unwrap()[0].node_count(), n + 1);
        let long = "(".to_string() + &";B[aa]".repeat(n) + ")";
        assert_eq!(parse(&long).unwrap()[0].main_line().count(), n);
    }
}
