// Tokens of the chain language. Statements end at a newline, so NL is a token.
lexer grammar ChainLexer;

@members {
    /** A '/' glued to a unit on both sides (TB/s, B/token) belongs to that unit. */
    private boolean gluedBefore() {
        int c = _input.LA(-1);
        return c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '(' && c != -1;
    }

    private boolean gluedAfter() {
        int c = _input.LA(1);
        return Character.isLetter(c) || c == '%';
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

    @Override
    public Token emit() {
        Token t = super.emit();
        lastType = t.getType();
        return t;
    }

    /** A line ending in `=` or a binary operator continues on the next, indented line. */
    private boolean endsWithOperator() {
        switch (lastType) {
            case ASSIGN: case PLUS: case MINUS: case STAR: case SLASH: case UNIT_PER: case DOT_OP:
            case ARROW: case COMMA: case CARET:
                return true;
            default:
                return false;
        }
    }
}

// Keywords. A keyword cannot name a binding.
CHAIN     : 'chain' ;
DRILL     : 'drill' ;
USE       : 'use' ;
AS        : 'as' ;
INPUTS    : 'inputs' ;
DERIVE    : 'derive' ;
SANITY    : 'sanity' ;
NOTE      : 'note' ;
CHECK     : 'check' ;
WITHIN    : 'within' ;
IN        : 'in' ;
TO        : 'to' ;
FN        : 'fn' ;
UNIT      : 'unit' ;
DIMENSION : 'dimension' ;

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

// A display format after a value, as in templates: flops = ... -> TFLOP:.1f
FORMAT_SPEC : ':' (',' ('.' DIGIT+)? [efg]? | '.' DIGIT+ [efg]?) ;

ARROW    : '->' | '→' ;
RANGE    : '..' ;
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
UNIT_PER : {gluedBefore()}? '/' {gluedAfter()}? ;
SLASH    : '/' | '÷' ;
CARET    : '^' ;
PERCENT  : '%' ;
LPAREN   : '(' { depth++; } ;
RPAREN   : ')' { if (depth > 0) depth--; } ;
COMMA    : ',' ;
COLON    : ':' ;
DOT      : '.' ;
AT       : '@' ;

IDENT : LETTER (LETTER | DIGIT | '_')* ;
fragment LETTER : [\p{L}_] ;

COMMENT : '#' ~[\r\n]* -> skip ;
WS      : [ \t\f\u00A0\uFEFF]+ -> skip ;
NL      : ('\r'? '\n' | '\r') { if (continuesExpression()) skip(); else depth = 0; } ;

// Anything else is one token the parser reports as an unexpected character.
ERROR_CHAR : . ;
