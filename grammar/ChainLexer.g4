// Tokens of the chain language. Statements end at a newline, so NL is a token.
lexer grammar ChainLexer;

// UNIT_PER is a '/' glued to a word on both sides (TB/s, weights/tp): emit() retypes SLASH
// tokens. Between the parts of a unit (the word after a number, a name, `)` or `->`, as in
// 3.35 TB/s or 2 FLOP/param/token) it is a UNIT_SLASH, and a '·' a UNIT_DOT: emit() tells them
// apart as the parser would, so that the parser reads a unit's parts by the next token alone.
// (When one token type served both, the parser predicted every unit's end with a closure over
// every place an expression can end: 3% of a cold `check chains/`.)
// The keywords are IDENTs that emit() retypes by a table: as rules of their own (CHAIN : 'chain')
// every keyword was a path through the lexer's DFA, which a cold run builds from the ATN as it
// meets each character, and lexing the first few keywords cost ~8 ms of every start.
// A keyword cannot name a binding. The words are dev.chain.ast.Keywords' (one list for the
// lexer, highlighting, completion and the editor's grammar); each has its token below, named as
// the word in capitals.
// FOR and SHOW are the clauses of a figure (table, plot, roofline). BY is the step of a sweep's
// range (1 .. 256 by 8); it is a keyword only after a range's upper end (see emit()), so `by`
// stays free for values everywhere else.
tokens { UNIT_PER, UNIT_SLASH, UNIT_DOT, CHAIN, DRILL, USE, AS, INPUTS, DERIVE, SANITY, NOTE, CHECK, WITHIN, IN, TO, FN, UNIT, DIMENSION,
         FOR, SHOW, BY }

@members {
    /**
     * A '/' with no space before it and a letter (or %) after it belongs to the unit before it.
     * This is decided here, after the match, and not with a semantic predicate in the rule:
     * ANTLR never caches a lexer DFA start state whose closure passes a predicate, which made
     * every token recompute that closure (lexing was ~20x slower).
     */
    private boolean glued() {
        int start = _tokenStartCharIndex;
        if (start == 0) {
            return false;
        }
        int before = _input.getText(org.antlr.v4.runtime.misc.Interval.of(start - 1, start - 1)).codePointAt(0);
        int after = _input.LA(1);
        boolean gluedBefore = before != ' ' && before != '\t' && before != '\n' && before != '\r' && before != '(';
        return gluedBefore && (Character.isLetter(after) || after == '%');
    }

    /** Open parentheses on the current logical line. */
    private int depth;

    /**
     * A newline continues the expression, instead of ending the statement, inside parentheses
     * when the next line is indented (or closes them), and after `=` or an operator when the next
     * line is indented. A line that starts at column 0 always starts a new statement, so an
     * unclosed parenthesis cannot swallow the rest of the file.
     */
    private boolean continuesExpression() {
        int next = _input.LA(1);
        boolean indented = next == ' ' || next == '\t';
        return (depth > 0 && (indented || next == ')')) || (indented && endsWithOperator());
    }

    /** The type of the last token emitted, to tell whether a line ended in mid-expression. */
    private int lastType;

    /** Each reserved word's token: the words are dev.chain.ast.Keywords', the tokens those of tokens { ... } above. */
    private static final java.util.Map<String, Integer> KEYWORDS = keywordTypes(dev.chain.ast.Keywords.RESERVED);

    /**
     * The token of each word: the one named as the word in capitals (chain is CHAIN). Fails
     * loudly, at the lexer's first use, for a word whose token tokens { ... } does not declare.
     */
    public static java.util.Map<String, Integer> keywordTypes(java.util.List<String> words) {
        java.util.Map<String, Integer> byName = new java.util.HashMap<>();
        for (int type = 1; type <= VOCABULARY.getMaxTokenType(); type++) {
            if (VOCABULARY.getSymbolicName(type) != null) {
                byName.put(VOCABULARY.getSymbolicName(type), type);
            }
        }
        java.util.Map<String, Integer> out = new java.util.HashMap<>();
        for (String word : words) {
            Integer type = byName.get(word.toUpperCase(java.util.Locale.ROOT));
            if (type == null) {
                throw new IllegalStateException("the keyword `" + word + "` has no token: declare "
                        + word.toUpperCase(java.util.Locale.ROOT) + " in grammar/ChainLexer.g4's tokens { ... }");
            }
            out.put(word, type);
        }
        return out;
    }

    /**
     * A range (`..`) was seen on this logical line. After a range's upper end, and only there,
     * `by` is the range's step and `x2` its factor: anywhere else `by` may name a value, and a
     * word right after a number is its unit, so `256 x2` would read as 256 of a unit `x2` (and
     * `5.28x` stays the ratio unit: `x` alone is never a factor).
     */
    private boolean rangeOnLine;

    private static boolean endsOperand(int type) {
        return type == NUMBER || type == IDENT || type == RPAREN || type == PERCENT;
    }

    /**
     * The last token was part of a unit: a word or % where the parser reads a unit (after an
     * operand, `->` or `to`, or a unit's '/' or '·'), or the power after one (^2, ^-1).
     */
    private boolean inUnit;

    /** Keeps {@link #inUnit} for the token about to be emitted, retyping a unit's '/' and '·'. */
    private void trackUnit() {
        if (_type == IDENT || _type == PERCENT) {
            inUnit = endsOperand(lastType) || lastType == ARROW || lastType == TO
                    || lastType == UNIT_SLASH || lastType == UNIT_DOT;
        } else if (inUnit && (_type == UNIT_PER || _type == DOT_OP)) {
            _type = _type == UNIT_PER ? UNIT_SLASH : UNIT_DOT;
        } else if (!isPower()) {
            inUnit = false;
        }
    }

    /** ^, a sign right after it, or the digits after either: a unit part's power (m^2, s^-1). */
    private boolean isPower() {
        return _type == CARET || (_type == MINUS && lastType == CARET)
                || (_type == NUMBER && (lastType == CARET || lastType == MINUS));
    }

    /** `x` and digits only: `x2`, `x10` (`x1.5` is a GEOMETRIC token of its own, being longer than an IDENT). */
    private static boolean isFactor(String text) {
        if (text.length() < 2 || text.charAt(0) != 'x') {
            return false;
        }
        for (int i = 1; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    @Override
    public Token emit() {
        if (_type == IDENT) {
            // The token keeps the text made here for the keyword table, so that the translator
            // reading the name does not copy it out of the input a second time.
            String text = getText();
            setText(text);
            Integer keyword = KEYWORDS.get(text);
            if (keyword != null) {
                _type = keyword;
            } else if (rangeOnLine && endsOperand(lastType)) {
                if (text.equals(dev.chain.ast.Keywords.BY)) {
                    _type = BY;
                } else if (isFactor(text)) {
                    _type = GEOMETRIC;
                }
            }
        } else if (_type == SLASH && _input.LA(-1) == '/' && glued()) {
            _type = UNIT_PER;
        }
        trackUnit();
        Token t = super.emit();
        lastType = t.getType();
        if (lastType == RANGE) {
            rangeOnLine = true;
        } else if (lastType == NL) {
            rangeOnLine = false;
        }
        return t;
    }

    /** A line ending in `=` or a binary operator continues on the next, indented line. */
    private boolean endsWithOperator() {
        switch (lastType) {
            case ASSIGN: case PLUS: case MINUS: case STAR: case SLASH: case UNIT_PER: case DOT_OP:
            case UNIT_SLASH: case UNIT_DOT:
            case ARROW: case COMMA: case CARET: case PLUSMINUS:
                return true;
            default:
                return false;
        }
    }
}

// Numbers as the card writes them: 3,000 and 70,553,706,496 (groups of exactly three digits after
// a comma), 3_000, 8.03e9. A comma that is not followed by exactly three digits ends the number.
NUMBER
    : GROUPED ('.' DIGIT+)? EXPONENT?
    | DIGIT+ ('_' DIGIT+)* ('.' DIGIT+ ('_' DIGIT+)*)? EXPONENT?
    | '.' DIGIT+ EXPONENT?
    ;

// Digits joined by commas that do not form three-digit groups (1,5 or 3,0000): longer than any
// NUMBER that starts there, so it wins and becomes a clear error instead of two arguments.
BAD_NUMBER : DIGIT+ (',' DIGIT+)+ ('.' DIGIT+)? ;

fragment GROUPED  : DIGIT DIGIT? DIGIT? (',' DIGIT DIGIT DIGIT)+ ;
fragment DIGIT    : [0-9] ;
fragment EXPONENT : [eE] [+-]? DIGIT+ ;

TRIPLE_STRING : '"""' .*? '"""' ;
STRING        : '"' (~["\\\r\n] | '\\' .)* '"' ;
UNTERMINATED_STRING : '"' (~["\\\r\n] | '\\' .)* ;

// A display format after a value, as in templates: flops = ... -> TFLOP:.1f. `eng` is
// engineering notation (494.5e12), which the card writes where Python has no format; `kmbt` a
// count with the suffix papers write (15.7K, 2.788M, 70B, 16.55T), which needs no precision
// (`:kmbt`, four significant digits), as in a template.
FORMAT_SPEC : ':' (',' ('.' DIGIT+)? FORMAT_TYPE? | '.' DIGIT+ FORMAT_TYPE? | 'kmbt') ;
fragment FORMAT_TYPE : 'eng' | 'kmbt' | [efg] ;

ARROW    : '->' | '→' ;
RANGE    : '..' ;
// An input known to within a tolerance: 50% ± 10% is 40% .. 60%. `+/-` is its ASCII spelling
// (pint's): no program meant anything by `+/-` before, so no program changes meaning.
PLUSMINUS : '±' | '+/-' ;
APPROX   : '≈' | '~=' ;
EQ       : '==' ;
NE       : '!=' | '≠' ;
LE       : '<=' | '≤' ;
GE       : '>=' | '≥' ;
LT       : '<' ;
GT       : '>' ;
ASSIGN   : '=' ;
PLUS     : '+' ;
MINUS    : '-' | '−' ;
STAR     : '*' | '×' ;
DOT_OP   : '·' ;
SLASH    : '/' | '÷' ;
CARET    : '^' ;
PERCENT  : '%' ;
LPAREN   : '(' { depth++; } ;
RPAREN   : ')' { if (depth > 0) depth--; } ;
COMMA    : ',' ;
COLON    : ':' ;
DOT      : '.' ;
AT       : '@' ;

IDENT : WORD ;
// A geometric range's factor: 1 .. 256 x2 (each point twice the one before), 1 .. 1000 x1.5. An
// IDENT `x2` is retyped to this where a factor can stand (see emit()); `x1.5` is longer than any
// IDENT, so it is this token anywhere, and the parser refuses it outside a range.
GEOMETRIC : 'x' DIGIT+ '.' DIGIT+ ;
// What a name is, everywhere: the options' and REPL commands' names are read by these rules too.
fragment WORD   : LETTER (LETTER | DIGIT | '_')* ;
fragment LETTER : [a-zA-Z_\u00B5\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0370-\u03FF\u0400-\u04FF] ;

COMMENT : '#' ~[\r\n]* -> skip ;
WS      : [ \t\f\u00A0\uFEFF]+ -> skip ;
NL      : ('\r'? '\n' | '\r') { if (continuesExpression()) skip(); else depth = 0; } ;

// Anything else is one token the parser reports as an unexpected character.
ERROR_CHAR : . ;

// The text of an option that names a benchmark's file and a key in it, where `#` starts the key
// rather than a comment: --observe p50=bench.json#median_itl_ms, --against floor=#median_itl_ms,
// and an input's @observed("bench.json#median_itl_ms"). GrammarParser starts the lexer in KEYED
// for such text (in KEYED_PATH where it has no name) and nowhere else; the parser's rule is
// keyedOption. The path and the key are not chain text: each is one token of what is written.
// A `#` of the path is written twice (runs##3/bench.json#median_itl_ms), pairs read first: the
// first `#` alone starts the key, and the key is the rest, `#` and all (a label value's).
mode KEYED;
KEYED_NAME   : WORD -> type(IDENT) ;
KEYED_WS     : [ \t]+ -> skip ;
KEYED_ASSIGN : '=' -> type(ASSIGN), mode(KEYED_PATH) ;
KEYED_STRAY  : . -> type(ERROR_CHAR) ;

mode KEYED_PATH;
PATH       : (~[#\r\n] | '##')+ ;
HASH       : '#' -> mode(KEYED_KEY) ;
PATH_STRAY : [\r\n] -> type(ERROR_CHAR) ;

mode KEYED_KEY;
KEY       : ~[\r\n]+ ;
KEY_STRAY : [\r\n] -> type(ERROR_CHAR) ;
