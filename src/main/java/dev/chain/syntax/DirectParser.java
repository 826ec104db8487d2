package dev.chain.syntax;

import dev.chain.ast.Annotation;
import dev.chain.ast.BinaryOp;
import dev.chain.ast.ChainFile;
import dev.chain.ast.CompareOp;
import dev.chain.ast.Condition;
import dev.chain.ast.DimRef;
import dev.chain.ast.Expr;
import dev.chain.ast.GroupKind;
import dev.chain.ast.QualifiedName;
import dev.chain.ast.Stmt;
import dev.chain.ast.Template;
import dev.chain.ast.Text;
import dev.chain.ast.UnitRef;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostics;
import dev.chain.source.NodeIds;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.antlr.ChainLexer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The fast path of the front end: well-formed text straight to the AST, by recursive descent over
 * {@link DirectLexer}'s tokens, without ANTLR's token objects, parse tree or class loading.
 *
 * <p>It makes the tree that ANTLR's parse plus {@link Translator} would make, node for node: the
 * same spans, the same node ids in the same order, the same templates. Where the grammar is
 * ambiguous ({@code 3 GB/s} could end the unit at {@code GB}) it takes the grammar's choice, the
 * greedy one, and if that choice later fails the whole file is declined rather than guessed at.
 * Anything that is or might be an error (and a few rare spellings) is declined too, and
 * {@link SyntaxParser} parses the file again with the grammar, which reports it. So the
 * grammar's parser remains the one definition of the language, and this class only ever agrees
 * with it or stays out of the way; {@code DirectParserTest} checks both on every shipped file and
 * on thousands of mutations of them.
 */
final class DirectParser implements NodeIds {
    /** Thrown, without a stack trace, wherever the fast path gives the text back to the grammar. */
    static final class Declined extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private Declined() {
            super("declined", null, false, false);
        }
    }

    static final Declined DECLINED = new Declined();

    /**
     * Lines longer than this are left to the grammar's parser, whose checks (nesting, expression
     * depth, unit parts) then apply unchanged; shorter lines cannot reach those limits, and this
     * parser's recursion stays a few hundred frames deep.
     */
    private static final int MAX_TOKENS = 300;

    private final SourceFile source;
    private final String text;
    /** The text's chars, read by the lexer, the word table and number(). */
    private final char[] chars;
    private final DirectLexer lexer;
    /** The id of the next node: the source's count moves on only when the parse succeeds. */
    private int nextId;
    /** Where the templates report; anything reported there declines the file. */
    private final Diagnostics templateProblems = new Diagnostics();
    /** One String per word and one QualifiedName per spelling, as the Translator keeps them. */
    private final WordTable words;
    /** Each line's token limits, counted afresh. */
    private final TokenLimits limits = new TokenLimits();

    private int[] types;
    private int[] starts;
    private int[] ends;
    private int[] hashes;
    private int count;
    private int p;

    private DirectParser(SourceFile source, int from) {
        this.source = source;
        this.text = source.text();
        this.chars = text.toCharArray();
        this.lexer = new DirectLexer(text, chars, from);
        this.words = new WordTable(text, chars);
        this.nextId = source.nodeCount();
    }

    /** The file's AST, or null (with no node ids taken) when the grammar's parser must read it. */
    static ChainFile parseFile(SourceFile source) {
        return parseFile(source, null);
    }

    /**
     * As above, handing each top-level statement to {@code handOff} as soon as it is whole (see
     * {@link ParsePipeline}); the ids are taken only when the whole file has parsed.
     */
    static ChainFile parseFile(SourceFile source, FileStructure.HandOff handOff) {
        try {
            DirectParser parser = new DirectParser(source, 0);
            List<Stmt> statements = parser.statements(handOff);
            source.reserveNodeIds(parser.nextId);
            return new ChainFile(source, statements, Set.of());
        } catch (Declined declined) {
            return null;
        }
    }

    /** A {@code chain eval} expression or REPL argument starting at {@code from}, or null to decline. */
    static Value parseValue(SourceFile source, int from) {
        try {
            DirectParser parser = new DirectParser(source, from);
            Value value = parser.standaloneValue();
            source.reserveNodeIds(parser.nextId);
            return value;
        } catch (Declined declined) {
            return null;
        }
    }

    /** The templates' parser takes its ids from here too. */
    @Override
    public int newNodeId() {
        return nextId++;
    }

    /** The file's top-level statements, groups nested, each handed off (if asked) as it is whole. */
    private List<Stmt> statements(FileStructure.HandOff handOff) {
        FileStructure.Nesting nesting = new FileStructure.Nesting(handOff);
        List<Annotation> pending = new ArrayList<>();
        while (nextLine()) {
            if (types[0] == ChainLexer.AT) {
                pending.add(annotation());
                end();
                continue;
            }
            Stmt stmt = statement(pending.isEmpty() ? List.of() : List.copyOf(pending));
            end();
            if (!pending.isEmpty() && !FileStructure.acceptsAnnotations(stmt)) {
                throw DECLINED; // a misplaced annotation: the grammar's path reports it
            }
            pending.clear();
            nesting.add(stmt);
        }
        if (!pending.isEmpty()) {
            throw DECLINED;
        }
        nesting.finish();
        return nesting.statements();
    }

    private Value standaloneValue() {
        if (!nextLine()) {
            throw DECLINED; // empty: the grammar's path says so
        }
        Value value = value();
        end();
        if (nextLine()) {
            throw DECLINED;
        }
        return value;
    }

    /** Moves to the next line that has tokens; false at the end of the text. */
    private boolean nextLine() {
        while (true) {
            if (lexer.atEnd()) {
                return false;
            }
            lexer.nextLine();
            if (lexer.count > 0) {
                break;
            }
        }
        if (lexer.count > MAX_TOKENS) {
            throw DECLINED;
        }
        // Text past the limits the grammar's path checks before parsing is left to it, to be reported.
        limits.reset();
        for (int i = 0; i < lexer.count; i++) {
            if (limits.add(lexer.types[i]) != null) {
                throw DECLINED;
            }
        }
        types = lexer.types;
        starts = lexer.starts;
        ends = lexer.ends;
        hashes = lexer.hashes;
        count = lexer.count;
        p = 0;
        return true;
    }

    // ---- tokens ---------------------------------------------------------------------------------

    /** The type of the current token, or 0 past the line's end. */
    private int type() {
        return p < count ? types[p] : 0;
    }

    private int typeAt(int i) {
        return i < count ? types[i] : 0;
    }

    private boolean accept(int type) {
        if (type() == type) {
            p++;
            return true;
        }
        return false;
    }

    private int expect(int type) {
        if (type() != type) {
            throw DECLINED;
        }
        return p++;
    }

    private void end() {
        if (p != count) {
            throw DECLINED;
        }
    }

    private String tokenText(int i) {
        return text.substring(starts[i], ends[i]);
    }

    /** A name's or unit's text, one String per spelling. */
    private String word(int i) {
        return types[i] == ChainLexer.IDENT ? words.word(starts[i], ends[i], hashes[i]) : words.word(starts[i], ends[i]);
    }

    private Span span(int first, int last) {
        return new Span(source, starts[first], ends[last]);
    }

    /** From token {@code first} to the last token read. */
    private Span spanFrom(int first) {
        return new Span(source, starts[first], ends[p - 1]);
    }

    // ---- statements -------------------------------------------------------------------------

    private Stmt statement(List<Annotation> annotations) {
        int first = p;
        switch (type()) {
            case ChainLexer.CHAIN -> {
                p++;
                return new Stmt.ChainHeader(text(), spanFrom(first));
            }
            case ChainLexer.DRILL -> {
                p++;
                return new Stmt.Drill(text(), spanFrom(first));
            }
            case ChainLexer.USE -> {
                p++;
                QualifiedName module = name();
                String alias = accept(ChainLexer.AS) ? word(expect(ChainLexer.IDENT)) : null;
                return new Stmt.Use(module, alias, spanFrom(first));
            }
            case ChainLexer.INPUTS -> {
                p++;
                Template template = optionalTemplate();
                return new Stmt.Group(GroupKind.INPUTS, "inputs", null, template, List.of(), spanFrom(first));
            }
            case ChainLexer.SANITY -> {
                p++;
                Template template = optionalTemplate();
                return new Stmt.Group(GroupKind.SANITY, "sanity", null, template, List.of(), spanFrom(first));
            }
            case ChainLexer.DERIVE -> {
                p++;
                return derive(first);
            }
            case ChainLexer.NOTE -> {
                p++;
                Text note = text();
                return new Stmt.Note(note, template(note), spanFrom(first));
            }
            case ChainLexer.DIMENSION -> {
                p++;
                String name = word(expect(ChainLexer.IDENT));
                DimRef definition = accept(ChainLexer.ASSIGN) ? dim() : null;
                return new Stmt.DimensionDecl(name, definition, annotations, spanFrom(first));
            }
            case ChainLexer.UNIT -> {
                p++;
                return unitDecl(first, annotations);
            }
            case ChainLexer.FN -> {
                p++;
                return fnDecl(first, annotations);
            }
            case ChainLexer.CHECK -> {
                p++;
                return new Stmt.Check(condition(), spanFrom(first));
            }
            case ChainLexer.IDENT -> {
                int next = typeAt(p + 1);
                if (next == ChainLexer.ASSIGN) {
                    String name = word(p);
                    Span nameSpan = span(p, p);
                    p += 2;
                    return new Stmt.Binding(name, nameSpan, value(), annotations, spanFrom(first));
                }
                if (next == ChainLexer.STRING || next == ChainLexer.TRIPLE_STRING) {
                    return directive(first);
                }
                return new Stmt.Evaluate(value(), spanFrom(first));
            }
            default -> {
                return new Stmt.Evaluate(value(), spanFrom(first));
            }
        }
    }

    private Stmt derive(int first) {
        String label;
        Template labelTemplate = null;
        if (type() == ChainLexer.IDENT) {
            label = word(p++);
        } else if (type() == ChainLexer.STRING) {
            Text written = text();
            labelTemplate = template(written);
            label = written.value();
        } else {
            throw DECLINED;
        }
        Template template = optionalTemplate();
        return new Stmt.Group(GroupKind.DERIVE, label, labelTemplate, template, List.of(), spanFrom(first));
    }

    /** A card file's statements: a word and a string ({@code include "x.chain"}, {@code links "/" kebab}). */
    private Stmt directive(int first) {
        String word = tokenText(p++);
        Text written = text();
        int option = type() == ChainLexer.IDENT ? p++ : -1;
        if (option >= 0 && !word.equals("links")) {
            throw DECLINED;
        }
        Span span = spanFrom(first);
        return switch (word) {
            case "card" -> new Stmt.CardHeader(written, span);
            case "intro" -> new Stmt.Intro(written, template(written), span);
            case "include" -> new Stmt.Include(written, span);
            case "next" -> new Stmt.NextCard(written, span);
            case "links" -> new Stmt.Links(written, option < 0 ? null : tokenText(option),
                    option < 0 ? null : span(option, option), span);
            default -> throw DECLINED; // an unknown statement: the grammar's path suggests one
        };
    }

    private Stmt unitDecl(int first, List<Annotation> annotations) {
        List<String> names = new ArrayList<>();
        List<Span> nameSpans = new ArrayList<>();
        do {
            if (type() != ChainLexer.IDENT && type() != ChainLexer.PERCENT) {
                throw DECLINED;
            }
            names.add(word(p));
            nameSpans.add(span(p, p));
            p++;
        } while (accept(ChainLexer.COMMA));
        DimRef baseOf = null;
        Expr definition = null;
        if (accept(ChainLexer.COLON)) {
            baseOf = dim();
        } else {
            expect(ChainLexer.ASSIGN);
            definition = expr();
        }
        return new Stmt.UnitDecl(names, nameSpans, baseOf, definition, annotations, spanFrom(first));
    }

    private Stmt fnDecl(int first, List<Annotation> annotations) {
        int nameToken = expect(ChainLexer.IDENT);
        expect(ChainLexer.LPAREN);
        List<Stmt.Param> params = new ArrayList<>();
        if (type() != ChainLexer.RPAREN) {
            do {
                int paramStart = expect(ChainLexer.IDENT);
                DimRef type = accept(ChainLexer.COLON) ? dim() : null;
                params.add(new Stmt.Param(word(paramStart), type, spanFrom(paramStart)));
            } while (accept(ChainLexer.COMMA));
        }
        expect(ChainLexer.RPAREN);
        DimRef returns = accept(ChainLexer.COLON) ? dim() : null;
        expect(ChainLexer.ASSIGN);
        Expr body = expr();
        return new Stmt.FnDecl(word(nameToken), span(nameToken, nameToken), params, returns, body, annotations,
                spanFrom(first));
    }

    private Annotation annotation() {
        int first = expect(ChainLexer.AT);
        String name = word(expect(ChainLexer.IDENT));
        List<String> args = new ArrayList<>();
        if (accept(ChainLexer.LPAREN)) {
            do {
                switch (type()) {
                    case ChainLexer.STRING, ChainLexer.TRIPLE_STRING -> args.add(text().value());
                    case ChainLexer.IDENT, ChainLexer.NUMBER -> args.add(tokenText(p++));
                    default -> throw DECLINED;
                }
            } while (accept(ChainLexer.COMMA));
            expect(ChainLexer.RPAREN);
        }
        return new Annotation(name, args, spanFrom(first));
    }

    // ---- text ---------------------------------------------------------------------------------

    private Text text() {
        int type = type();
        if (type != ChainLexer.STRING && type != ChainLexer.TRIPLE_STRING) {
            throw DECLINED;
        }
        int token = p++;
        Span span = span(token, token);
        String raw = tokenText(token);
        if (type == ChainLexer.TRIPLE_STRING) {
            return new Text(raw.substring(3, raw.length() - 3), span, span.start() + 3, false);
        }
        String value = Literals.unescape(raw); // the lexer let through only the known escapes
        return new Text(value, span, span.start() + 1, value.length() != raw.length() - 2);
    }

    private Template optionalTemplate() {
        return type() == ChainLexer.STRING || type() == ChainLexer.TRIPLE_STRING ? template(text()) : null;
    }

    private Template template(Text written) {
        Template template = TemplateParser.parse(written, templateProblems, this);
        if (template == null || templateProblems.size() > 0) {
            throw DECLINED;
        }
        return template;
    }

    // ---- values and conditions ----------------------------------------------------------------

    private Value value() {
        int first = p;
        if (type() == ChainLexer.STRING || type() == ChainLexer.TRIPLE_STRING) {
            Text written = text();
            return new Value.TextValue(written, spanFrom(first));
        }
        Expr e = expr();
        UnitRef target = accept(ChainLexer.ARROW) || accept(ChainLexer.TO) ? unit() : null;
        String format = null;
        Span formatSpan = null;
        if (type() == ChainLexer.FORMAT_SPEC) {
            format = text.substring(starts[p] + 1, ends[p]);
            formatSpan = span(p, p);
            p++;
        }
        // A value that is just its expression spans what the expression does: one Span for both
        // (not after a unary plus, which makes no node of its own).
        Span span = target == null && format == null && e.span().start() == starts[first] && e.span().end() == ends[p - 1]
                ? e.span() : spanFrom(first);
        return new Value.QuantityValue(e, target, format, formatSpan, span);
    }

    /**
     * {@code a < b}, {@code a ≈ b within 1%}, {@code a in lo .. hi}. The Translator numbers a
     * tolerance's nodes before the two sides', so it is read first here too.
     */
    private Condition condition() {
        int first = p;
        int within = -1;
        for (int i = p; i < count; i++) {
            if (types[i] == ChainLexer.WITHIN) {
                within = i;
                break;
            }
        }
        Expr tolerance = null;
        int stop = count;
        if (within >= 0) {
            p = within + 1;
            tolerance = expr();
            end();
            stop = within;
            p = first;
        }
        Expr left = expr();
        if (accept(ChainLexer.IN)) {
            if (tolerance != null) {
                throw DECLINED;
            }
            Expr low = expr();
            expect(ChainLexer.RANGE);
            Expr high = expr();
            return new Condition.InRange(left, low, high, spanFrom(first));
        }
        CompareOp op = Operators.compare(type());
        if (op == null) {
            throw DECLINED;
        }
        p++;
        if ((op == CompareOp.APPROX) != (tolerance != null)) {
            throw DECLINED; // ≈ without a tolerance, or `within` after another comparison
        }
        Expr right = expr();
        if (p != stop) {
            throw DECLINED;
        }
        if (tolerance != null) {
            p = count;
        }
        return new Condition.Compare(op, left, right, tolerance, spanFrom(first));
    }

    // ---- expressions --------------------------------------------------------------------------

    private Expr expr() {
        Expr left = term();
        while (type() == ChainLexer.PLUS || type() == ChainLexer.MINUS) {
            BinaryOp op = Operators.binary(types[p++]);
            Expr right = term();
            left = new Expr.Binary(op, left, right, left.span().to(right.span()), newNodeId());
        }
        return left;
    }

    private Expr term() {
        Expr left = factor();
        while (true) {
            BinaryOp op = Operators.binary(type());
            if (op == null || op == BinaryOp.ADD || op == BinaryOp.SUB) {
                return left;
            }
            p++;
            Expr right = factor();
            left = new Expr.Binary(op, left, right, left.span().to(right.span()), newNodeId());
        }
    }

    private Expr factor() {
        int first = p;
        if (accept(ChainLexer.PLUS)) {
            return factor();
        }
        if (accept(ChainLexer.MINUS)) {
            Expr operand = factor();
            return new Expr.Negate(operand, spanFrom(first), newNodeId());
        }
        return power();
    }

    private Expr power() {
        Expr base = atom();
        if (accept(ChainLexer.CARET)) {
            int first = p;
            boolean negative = accept(ChainLexer.MINUS);
            Expr exponent = atom();
            if (negative) {
                exponent = new Expr.Negate(exponent, spanFrom(first), newNodeId());
            }
            base = new Expr.Power(base, exponent, base.span().to(exponent.span()), newNodeId());
        }
        if (type() != ChainLexer.IDENT && type() != ChainLexer.PERCENT) {
            return base;
        }
        UnitRef unit = unit();
        if (!(base instanceof Expr.NumberLit || base instanceof Expr.Paren || base instanceof Expr.Power)) {
            throw DECLINED; // a unit after a name: the grammar's path explains
        }
        return new Expr.Quantity(base, unit, base.span().to(unit.span()), newNodeId());
    }

    private Expr atom() {
        int first = p;
        switch (type()) {
            case ChainLexer.NUMBER -> {
                p++;
                double value = number(first);
                if (Double.isInfinite(value) || (value == 0 && Literals.nonZero(tokenText(first)))) {
                    throw DECLINED; // too large, or too small to be anything but 0: the grammar's path says so
                }
                return new Expr.NumberLit(value, span(first, first), newNodeId());
            }
            case ChainLexer.IDENT -> {
                QualifiedName name = name();
                if (!accept(ChainLexer.LPAREN)) {
                    return new Expr.NameRef(name, spanFrom(first), newNodeId());
                }
                Span nameSpan = span(first, p - 2);
                List<Expr> args = new ArrayList<>();
                if (type() != ChainLexer.RPAREN) {
                    do {
                        args.add(expr());
                    } while (accept(ChainLexer.COMMA));
                }
                expect(ChainLexer.RPAREN);
                Expr.NameRef callee = new Expr.NameRef(name, nameSpan, newNodeId());
                return new Expr.Call(callee, args, spanFrom(first), newNodeId());
            }
            case ChainLexer.LPAREN -> {
                p++;
                Expr inner = expr();
                UnitRef target = accept(ChainLexer.ARROW) || accept(ChainLexer.TO) ? unit() : null;
                expect(ChainLexer.RPAREN);
                Span span = spanFrom(first);
                if (target != null) {
                    inner = new Expr.Convert(inner, target, span, newNodeId());
                }
                return new Expr.Paren(inner, span, newNodeId());
            }
            default -> throw DECLINED;
        }
    }

    /** Exact powers of ten as doubles: 10^0 .. 10^22. */
    private static final double[] POWERS_OF_TEN = new double[23];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    /**
     * A number token's value. Up to 15 significant digits with up to 22 after the point, and no
     * exponent, the digits as a whole number divided by a power of ten is exact in both operands,
     * and so the correctly rounded value (Clinger's fast path), as Double.parseDouble would give;
     * anything else goes to Double.parseDouble.
     */
    private double number(int token) {
        long digits = 0;
        int count = 0;
        int decimals = -1;
        for (int i = starts[token]; i < ends[token]; i++) {
            char c = chars[i];
            if (c >= '0' && c <= '9') {
                digits = digits * 10 + (c - '0');
                if (digits != 0 && ++count > 15) {
                    return Literals.number(tokenText(token));
                }
                if (decimals >= 0) {
                    decimals++;
                }
            } else if (c == '.') {
                decimals = 0;
            } else if (c != ',' && c != '_') {
                return Literals.number(tokenText(token)); // an exponent
            }
        }
        if (decimals <= 0) {
            return digits;
        }
        return decimals < POWERS_OF_TEN.length ? digits / POWERS_OF_TEN[decimals] : Literals.number(tokenText(token));
    }

    private QualifiedName name() {
        int first = expect(ChainLexer.IDENT);
        while (type() == ChainLexer.DOT && typeAt(p + 1) == ChainLexer.IDENT) {
            p += 2;
        }
        if (p == first + 1) {
            return words.name(starts[first], ends[first], hashes[first]);
        }
        QualifiedName known = words.knownName(starts[first], ends[p - 1]);
        if (known != null) {
            return known;
        }
        List<String> parts = new ArrayList<>((p - first + 1) / 2);
        for (int i = first; i < p; i += 2) {
            parts.add(word(i));
        }
        QualifiedName name = new QualifiedName(parts);
        words.keepName(starts[first], ends[p - 1], name);
        return name;
    }

    // ---- units and dimensions ---------------------------------------------------------------

    /**
     * A unit as written after a number: {@code TB/s}, {@code FLOP/param/token}. Like the grammar,
     * a {@code /} or {@code ·} followed by a name continues the unit.
     */
    private UnitRef unit() {
        int first = p;
        UnitRef.Factor only = null;
        List<UnitRef.Factor> factors = null;
        int sign = 1;
        while (true) {
            int term = p;
            if (type() != ChainLexer.IDENT && type() != ChainLexer.PERCENT) {
                throw DECLINED;
            }
            p++;
            int exponent = accept(ChainLexer.CARET) ? exponent() : 1;
            UnitRef.Factor factor = new UnitRef.Factor(word(term), sign * exponent, spanFrom(term));
            if (only == null && factors == null) {
                only = factor;
            } else {
                if (factors == null) {
                    factors = new ArrayList<>(4);
                    factors.add(only);
                }
                factors.add(factor);
            }
            int next = type();
            int after = typeAt(p + 1);
            if ((next == ChainLexer.UNIT_PER || next == ChainLexer.DOT_OP)
                    && (after == ChainLexer.IDENT || after == ChainLexer.PERCENT)) {
                sign = next == ChainLexer.UNIT_PER ? -1 : 1;
                p++;
            } else {
                // One factor (GB, ms) is the common case: an immutable list of one, which UnitRef keeps
                // as is, and the factor's span, which is the unit's too.
                if (factors == null) {
                    return new UnitRef(List.of(only), only.span(), newNodeId());
                }
                return new UnitRef(factors, spanFrom(first), newNodeId());
            }
        }
    }

    /** {@code ^2} or {@code ^-1} in a unit or a dimension: a small whole number. */
    private int exponent() {
        boolean negative = accept(ChainLexer.MINUS);
        int number = expect(ChainLexer.NUMBER);
        double value = Literals.number(tokenText(number));
        if (value != Math.rint(value) || Math.abs(value) > 64) {
            throw DECLINED;
        }
        return (negative ? -1 : 1) * (int) value;
    }

    private DimRef dim() {
        int first = p;
        List<DimRef.Factor> factors = new ArrayList<>(2);
        collectDim(1, factors);
        return new DimRef(factors, spanFrom(first));
    }

    private void collectDim(int outerSign, List<DimRef.Factor> into) {
        int sign = outerSign;
        while (true) {
            int term = p;
            switch (type()) {
                case ChainLexer.IDENT -> {
                    p++;
                    int exponent = accept(ChainLexer.CARET) ? exponent() : 1;
                    into.add(new DimRef.Factor(word(term), sign * exponent, spanFrom(term)));
                }
                case ChainLexer.NUMBER -> {
                    if (!tokenText(p++).equals("1")) {
                        throw DECLINED;
                    }
                }
                case ChainLexer.LPAREN -> {
                    p++;
                    collectDim(sign, into);
                    expect(ChainLexer.RPAREN);
                }
                default -> throw DECLINED;
            }
            switch (type()) {
                case ChainLexer.STAR, ChainLexer.DOT_OP -> sign = outerSign;
                case ChainLexer.SLASH, ChainLexer.UNIT_PER -> sign = -outerSign;
                default -> {
                    return;
                }
            }
            p++;
        }
    }
}
