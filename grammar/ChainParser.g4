// The chain language: one statement per line. See README.md, "The language".
parser grammar ChainParser;

// Parse-tree nodes extend ChainRuleContext, which sizes their child lists for this grammar.
options { tokenVocab = ChainLexer; contextSuperClass = dev.chain.syntax.ChainRuleContext; }

// A .chain file (a chain, a card, a stdlib or user module) is a sequence of lines, each one
// statement; blank lines and comments aside. The front end reads a file one line at a time
// and parses each with this rule (an expression that continues over indented lines is one line).
line : statement NL? EOF ;

// One `chain eval` expression or `--set` value.
evalInput : NL* value NL* EOF ;

// The condition of a `chain solve --where`, read as a check's.
conditionInput : NL* condition NL* EOF ;

// A `chain sweep --over` or `chain solve --for`: a name and its points.
overOption : NL* over NL* EOF ;

// The values a `chain sweep --show` shows.
showOption : NL* shown NL* EOF ;

// The REPL's `:sweep batch=1..256 gpu=h100_sxm,b200 floor, mixed`: what `chain sweep` takes, its
// --overs and then its --show. Where a point could end in a unit or the values begin
// (`batch=1,8 floor`), only the values can come last, so the parser reads them as the values.
sweepCommand : NL* over+ shown NL* EOF ;

// The REPL's `:solve batch=1..1024 check floor <= 20 ms`: what `chain solve` takes, its --for and
// then its --where, the condition after `check` as a solve in a file writes it. The keyword is
// needed: were a condition to follow a range's last expression directly, `+`, `-` and `(` could go
// on either, and the parser would report `x = 1 +` at its `+`, not at its end (a REPL line ending
// in an operator would no longer continue on the next).
solveCommand : NL* over CHECK condition NL* EOF ;

// An option that names a benchmark's file and a key in it, read in the lexer's KEYED modes:
// `p50=bench.json#median_itl_ms` (--observe), `floor=#median_itl_ms` (--against, and --over with
// --runs), `bench.json#median_itl_ms` (an input's @observed).
keyedOption : (IDENT ASSIGN)? PATH? HASH KEY EOF ;

// A name and its points, as a figure's `for NAME in POINTS` writes them (a module alias's points
// are modules: gpu=h100_sxm,b200), or names and their rows, as `for A, B in (1, 2), (3, 4)` writes
// them (layers,hidden=(24, 2304),(40, 6144)); and the values to show, as its `show` names them.
over  : name ASSIGN sweepDomain
      | name (COMMA name)+ ASSIGN inputRows
      ;
shown : name (COMMA name)* ;

statement
    : CHAIN text                                              # chainHeader
    | DRILL text                                              # drill
    | USE name (AS IDENT)?                                    # use
    | INPUTS text?                                            # inputsGroup
    | DERIVE label text?                                      # deriveGroup
    | SANITY text?                                            # sanityGroup
    | NOTE text                                               # note
    | DIMENSION IDENT (ASSIGN dimExpr)?                       # dimensionDecl
    | UNIT unitName (COMMA unitName)* (COLON dimExpr | ASSIGN expr)  # unitDecl
    | FN IDENT LPAREN (param (COMMA param)*)? RPAREN (COLON dimExpr)? ASSIGN expr  # fnDecl
    | CHECK condition                                         # check
    // The clauses of a figure (table, plot, roofline), on the lines after its header.
    | FOR name (IN sweepDomain (AS IDENT)?)?                  # forClause
    // A table's rows of several inputs, as papers' tables vary them: for l, h in (24, 2304), (30, 3072).
    | FOR name (COMMA name)+ IN inputRows                      # forRowsClause
    | SHOW name ASSIGN expr COMMA expr                        # showPoint
    // A plot's y axes may be given their ends: show loss in 1.9 .. 2.1 (one range per axis).
    | SHOW name (COMMA name)* (IN axisLimits)? (AS IDENT)?     # showValues
    // A plot's measured side: `observed "runs/" batch = "max_concurrency", floor = "median_itl_ms"`.
    // Its word is not reserved (a chain may name a value or a group `observed`): the translator
    // checks it, as it does a directive's. The directive below shares its first two tokens; the
    // third (a name and `=`, or the end of the line) tells them apart.
    | IDENT text observedKey (COMMA observedKey)*             # observedClause
    | IDENT ASSIGN value                                      # binding
    | AT IDENT (LPAREN annotationArg (COMMA annotationArg)* RPAREN)?  # annotation
    // A card file's statements (card, intro, include, next, links): a word and a string.
    // The words are not reserved, so a chain may still name a value `next` or `links`.
    | IDENT text IDENT?                                       # directive
    | value                                                   # bareValue
    ;

text  : STRING | TRIPLE_STRING ;
label : IDENT | STRING ;
param : IDENT (COLON dimExpr)? ;
unitName : IDENT | PERCENT ;
annotationArg : text | expr ;
observedKey : IDENT ASSIGN text ;

// What a binding holds: text, or a quantity with an optional display unit and format. An input
// known only to lie in a range has its spread after the value written first (see spread).
value
    : text                                                    # textValue
    | expr spread? conversion? FORMAT_SPEC?                   # quantityValue
    ;

// The range of an input, after the value written first: `40% .. 60%` (the value first written is
// the low end), `50% (40% .. 60%)` (it is the nominal, the range in parentheses), `50% ± 10%` (it
// is the centre). A figure's `for batch in 1 .. 256` is a clause of its own, and a check's
// `in lo .. hi` a condition: neither is a value, so neither reads as this.
spread
    : RANGE expr                                              # upToSpread
    | LPAREN expr RANGE expr RPAREN                           # aroundSpread
    | PLUSMINUS expr                                          # plusMinusSpread
    ;

// `-> 1` converts to a plain number: 90% -> 1 is 0.9. A unit of nothing per something is written
// with its `/`, as chain shows one, or after a 1: `-> /s`, `-> 1/s` (375,000,000,000 /s).
conversion : (ARROW | TO) (unitExpr | NUMBER | NUMBER? (SLASH | UNIT_PER) unitExpr) ;

// One alternative with the two kinds after the shared first expression, so that the parser
// chooses by the next token (IN or a comparison) rather than by looking ahead over the expression.
condition : expr (IN expr RANGE expr | compareOp expr (WITHIN expr)?) ;

compareOp : LT | LE | GT | GE | EQ | NE | APPROX ;

// The ends of a plot's y axes, as `show` gives them: a range per axis, each in its axis's dimension.
axisLimits : expr RANGE expr (COMMA expr RANGE expr)* ;

// The rows of a `for` of several inputs: a value of each, in the order the inputs are named.
inputRows : inputRow (COMMA inputRow)* ;
inputRow  : LPAREN rowValue (COMMA rowValue)* RPAREN ;
// A row's value of a text input is its label: ("NVLink", 300 GB/s).
rowValue  : text | expr ;

// What a figure's `for` sweeps: a list of points (1, 8, 16, 64), or a range (1 .. 256) with a
// step (by 8) or a factor (x2).
sweepDomain
    : expr RANGE expr (BY expr | GEOMETRIC)?                  # rangeDomain
    | expr (COMMA expr)*                                      # listDomain
    ;

// Precedence, loosest first: + -, then * / (and × ·), then unary sign, then ^, then a unit
// suffix, which binds tightest: `x / 3.35 TB/s` divides x by a bandwidth.
expr   : term ((PLUS | MINUS) term)* ;
term   : factor ((STAR | SLASH | UNIT_PER | DOT_OP) factor)* ;
factor : (MINUS | PLUS) factor | power ;
power  : atom (CARET exponent)? unitExpr? ;
exponent : MINUS? atom ;

// A name is a call when a parenthesis follows it: one alternative, chosen by the next token.
atom
    : NUMBER                                                  # number
    | BAD_NUMBER                                              # badNumber
    | name (call = LPAREN (expr (COMMA expr)*)? RPAREN)?      # nameOrCall
    | LPAREN expr conversion? RPAREN                          # paren
    ;

name : IDENT (DOT IDENT)* ;

// A unit as written after a number: its parts are glued together (TB/s, FLOP/param/token, B·s).
// The lexer types a '/' or '·' between a unit's parts UNIT_SLASH or UNIT_DOT (see ChainLexer),
// so the loop continues by the next token alone; a glued '/' between values is UNIT_PER.
unitExpr : unitTerm ((UNIT_SLASH | UNIT_DOT) unitTerm)* ;
unitTerm : (IDENT | PERCENT) (CARET MINUS? NUMBER)? ;

// A dimension as written in a declaration or a parameter type: Bytes/Time, Compute/Time.
dimExpr : dimTerm ((STAR | SLASH | UNIT_PER | DOT_OP) dimTerm)* ;
dimTerm
    : IDENT (CARET MINUS? NUMBER)?
    | NUMBER
    | LPAREN dimExpr RPAREN
    ;
