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
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A parsed file's AST as bytes and back, for {@link ParseCache}. Every node is written with its
 * span (offsets into the source's text) and, for expressions and units, its node id, so that what
 * is read back equals what the parser produced: the checker and every diagnostic see the same tree.
 *
 * <p>The format is private to one build of chain (the launcher empties the cache when it rebuilds
 * the jar); {@link #FORMAT} guards against anything else. Malformed bytes make {@link #read} throw
 * {@link Malformed}, never return a wrong tree: the cache then parses the text instead.
 */
final class AstCodec {
    /** Bumped whenever the encoding below changes. */
    static final int FORMAT = 1;

    private AstCodec() {}

    /** Thrown for bytes that are not an AST this codec wrote. */
    static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String why) {
            super(why, null, false, false);
        }
    }

    // ---- tags: one byte before each node of a sealed family -------------------------------------

    private static final int NUMBER = 1, QUANTITY = 2, NAME_REF = 3, NEGATE = 4, BINARY = 5, POWER = 6,
            CALL = 7, PAREN = 8, CONVERT = 9;
    private static final int CHAIN_HEADER = 1, DRILL = 2, USE = 3, GROUP = 4, NOTE = 5, CARD_HEADER = 6,
            INTRO = 7, INCLUDE = 8, NEXT_CARD = 9, LINKS = 10, DIMENSION = 11, UNIT = 12, FN = 13, BINDING = 14,
            CHECK = 15, EVALUATE = 16;
    private static final int LITERAL = 1, LINE_BREAK = 2, PLACEHOLDER = 3;
    private static final int TEXT_VALUE = 1, QUANTITY_VALUE = 2;
    private static final int COMPARE = 1, IN_RANGE = 2;

    // ---- writing --------------------------------------------------------------------------------

    static byte[] write(ChainFile file) {
        Writer w = new Writer();
        w.integer(FORMAT);
        w.integer(file.source().nodeCount());
        w.integer(file.statements().size());
        for (Stmt s : file.statements()) {
            w.stmt(s);
        }
        w.strings(List.copyOf(file.unparsedNames()));
        return w.bytes();
    }

    private static final class Writer {
        private byte[] buf = new byte[4096];
        private int size;

        byte[] bytes() {
            return Arrays.copyOf(buf, size);
        }

        private void ensure(int more) {
            if (size + more > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
            }
        }

        void tag(int tag) {
            ensure(1);
            buf[size++] = (byte) tag;
        }

        void bool(boolean b) {
            tag(b ? 1 : 0);
        }

        void integer(int v) {
            ensure(4);
            buf[size++] = (byte) (v >>> 24);
            buf[size++] = (byte) (v >>> 16);
            buf[size++] = (byte) (v >>> 8);
            buf[size++] = (byte) v;
        }

        void number(double d) {
            long bits = Double.doubleToRawLongBits(d);
            integer((int) (bits >>> 32));
            integer((int) bits);
        }

        void string(String s) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            integer(utf8.length);
            ensure(utf8.length);
            System.arraycopy(utf8, 0, buf, size, utf8.length);
            size += utf8.length;
        }

        /** A string that may be absent: -1 for null. */
        void optString(String s) {
            if (s == null) {
                integer(-1);
            } else {
                string(s);
            }
        }

        void strings(List<String> list) {
            integer(list.size());
            list.forEach(this::string);
        }

        void span(Span span) {
            integer(span.start());
            integer(span.end());
        }

        void optSpan(Span span) {
            bool(span != null);
            if (span != null) {
                span(span);
            }
        }

        void text(Text t) {
            string(t.value());
            span(t.span());
            integer(t.contentOffset());
            bool(t.hasEscapes());
        }

        void name(QualifiedName name) {
            strings(name.parts());
        }

        void annotations(List<Annotation> list) {
            integer(list.size());
            for (Annotation a : list) {
                string(a.name());
                strings(a.args());
                span(a.span());
            }
        }

        /** A factor of a unit or a dimension: {@code TB^1}, {@code Time^-1}. */
        void factor(String name, int exponent, Span span) {
            string(name);
            integer(exponent);
            span(span);
        }

        void unit(UnitRef u) {
            integer(u.factors().size());
            u.factors().forEach(f -> factor(f.name(), f.exponent(), f.span()));
            span(u.span());
            integer(u.id());
        }

        void optUnit(UnitRef u) {
            bool(u != null);
            if (u != null) {
                unit(u);
            }
        }

        void dim(DimRef d) {
            bool(d != null);
            if (d == null) {
                return;
            }
            integer(d.factors().size());
            d.factors().forEach(f -> factor(f.name(), f.exponent(), f.span()));
            span(d.span());
        }

        void optExpr(Expr e) {
            bool(e != null);
            if (e != null) {
                expr(e);
            }
        }

        void expr(Expr e) {
            if (e instanceof Expr.NumberLit n) {
                tag(NUMBER);
                number(n.value());
            } else if (e instanceof Expr.Quantity q) {
                tag(QUANTITY);
                expr(q.magnitude());
                unit(q.unit());
            } else if (e instanceof Expr.NameRef n) {
                tag(NAME_REF);
                name(n.name());
            } else if (e instanceof Expr.Negate n) {
                tag(NEGATE);
                expr(n.operand());
            } else if (e instanceof Expr.Binary b) {
                tag(BINARY);
                tag(b.op().ordinal());
                expr(b.left());
                expr(b.right());
            } else if (e instanceof Expr.Power p) {
                tag(POWER);
                expr(p.base());
                expr(p.exponent());
            } else if (e instanceof Expr.Call c) {
                tag(CALL);
                expr(c.callee());
                integer(c.args().size());
                c.args().forEach(this::expr);
            } else if (e instanceof Expr.Paren p) {
                tag(PAREN);
                expr(p.inner());
            } else if (e instanceof Expr.Convert c) {
                tag(CONVERT);
                expr(c.value());
                unit(c.target());
            } else {
                throw new IllegalStateException("no encoding for " + e);
            }
            span(e.span());
            integer(e.id());
        }

        void template(Template t) {
            bool(t != null);
            if (t == null) {
                return;
            }
            text(t.source());
            integer(t.parts().size());
            for (Template.Part part : t.parts()) {
                if (part instanceof Template.Literal l) {
                    tag(LITERAL);
                    string(l.text());
                } else if (part instanceof Template.LineBreak) {
                    tag(LINE_BREAK);
                } else if (part instanceof Template.Placeholder p) {
                    tag(PLACEHOLDER);
                    tag(p.form().ordinal());
                    expr(p.name());
                    optUnit(p.unit());
                    optString(p.format());
                    optSpan(p.formatSpan());
                    bool(p.bare());
                    bool(p.words());
                    span(p.span());
                } else {
                    throw new IllegalStateException("no encoding for " + part);
                }
            }
        }

        void value(Value v) {
            if (v instanceof Value.TextValue t) {
                tag(TEXT_VALUE);
                text(t.text());
            } else if (v instanceof Value.QuantityValue q) {
                tag(QUANTITY_VALUE);
                expr(q.expr());
                optUnit(q.target());
                optString(q.format());
                optSpan(q.formatSpan());
            } else {
                throw new IllegalStateException("no encoding for " + v);
            }
            span(v.span());
        }

        void condition(Condition c) {
            if (c instanceof Condition.Compare k) {
                tag(COMPARE);
                tag(k.op().ordinal());
                expr(k.left());
                expr(k.right());
                optExpr(k.tolerance());
            } else if (c instanceof Condition.InRange r) {
                tag(IN_RANGE);
                expr(r.value());
                expr(r.low());
                expr(r.high());
            } else {
                throw new IllegalStateException("no encoding for " + c);
            }
            span(c.span());
        }

        void stmt(Stmt s) {
            if (s instanceof Stmt.ChainHeader h) {
                tag(CHAIN_HEADER);
                text(h.title());
            } else if (s instanceof Stmt.Drill d) {
                tag(DRILL);
                text(d.title());
            } else if (s instanceof Stmt.Use u) {
                tag(USE);
                name(u.module());
                optString(u.alias());
            } else if (s instanceof Stmt.Group g) {
                tag(GROUP);
                tag(g.kind().ordinal());
                string(g.label());
                template(g.labelTemplate());
                template(g.template());
                integer(g.members().size());
                g.members().forEach(this::stmt);
            } else if (s instanceof Stmt.Note n) {
                tag(NOTE);
                text(n.text());
                template(n.template());
            } else if (s instanceof Stmt.CardHeader h) {
                tag(CARD_HEADER);
                text(h.title());
            } else if (s instanceof Stmt.Intro i) {
                tag(INTRO);
                text(i.text());
                template(i.template());
            } else if (s instanceof Stmt.Include i) {
                tag(INCLUDE);
                text(i.path());
            } else if (s instanceof Stmt.NextCard n) {
                tag(NEXT_CARD);
                text(n.title());
            } else if (s instanceof Stmt.Links l) {
                tag(LINKS);
                text(l.base());
                optString(l.slugRule());
                optSpan(l.slugRuleSpan());
            } else if (s instanceof Stmt.DimensionDecl d) {
                tag(DIMENSION);
                string(d.name());
                dim(d.definition());
                annotations(d.annotations());
            } else if (s instanceof Stmt.UnitDecl u) {
                tag(UNIT);
                strings(u.names());
                integer(u.nameSpans().size());
                u.nameSpans().forEach(this::span);
                dim(u.baseOf());
                optExpr(u.definition());
                annotations(u.annotations());
            } else if (s instanceof Stmt.FnDecl f) {
                tag(FN);
                string(f.name());
                span(f.nameSpan());
                integer(f.params().size());
                for (Stmt.Param p : f.params()) {
                    string(p.name());
                    dim(p.type());
                    span(p.span());
                }
                dim(f.returns());
                expr(f.body());
                annotations(f.annotations());
            } else if (s instanceof Stmt.Binding b) {
                tag(BINDING);
                string(b.name());
                span(b.nameSpan());
                value(b.value());
                annotations(b.annotations());
            } else if (s instanceof Stmt.Check c) {
                tag(CHECK);
                condition(c.condition());
            } else if (s instanceof Stmt.Evaluate e) {
                tag(EVALUATE);
                value(e.value());
            } else {
                throw new IllegalStateException("no encoding for " + s);
            }
            span(s.span());
        }
    }

    // ---- reading --------------------------------------------------------------------------------

    /** The AST of {@code source} that {@link #write} encoded; the source's node ids are reserved. */
    static ChainFile read(SourceFile source, byte[] bytes) throws Malformed {
        Reader r = new Reader(source, bytes);
        try {
            if (r.integer() != FORMAT) {
                throw new Malformed("another format");
            }
            int nodeCount = r.count();
            int n = r.count();
            List<Stmt> statements = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                statements.add(r.stmt());
            }
            Set<String> unparsed = new HashSet<>(r.strings());
            if (r.pos != bytes.length) {
                throw new Malformed("trailing bytes");
            }
            source.reserveNodeIds(nodeCount);
            return new ChainFile(source, statements, unparsed);
        } catch (RuntimeException e) { // out of bounds, a bad enum ordinal, a span past the text
            throw new Malformed(e.toString());
        }
    }

    private static final class Reader {
        private final SourceFile source;
        private final byte[] buf;
        private final int textLength;
        int pos;

        Reader(SourceFile source, byte[] buf) {
            this.source = source;
            this.buf = buf;
            this.textLength = source.text().length();
        }

        int tag() {
            return buf[pos++] & 0xff;
        }

        boolean bool() throws Malformed {
            int b = tag();
            if (b > 1) {
                throw new Malformed("bad flag");
            }
            return b == 1;
        }

        int integer() {
            if (pos + 4 > buf.length) {
                throw new IndexOutOfBoundsException(pos);
            }
            int v = (buf[pos] & 0xff) << 24 | (buf[pos + 1] & 0xff) << 16 | (buf[pos + 2] & 0xff) << 8 | (buf[pos + 3] & 0xff);
            pos += 4;
            return v;
        }

        /** A length or count: never negative, never more than the bytes left could hold. */
        int count() throws Malformed {
            return checkedCount(integer());
        }

        private int checkedCount(int n) throws Malformed {
            if (n < 0 || n > buf.length - pos) {
                throw new Malformed("bad count");
            }
            return n;
        }

        double number() {
            long high = integer() & 0xffffffffL;
            long low = integer() & 0xffffffffL;
            return Double.longBitsToDouble(high << 32 | low);
        }

        String string() throws Malformed {
            return utf8(count());
        }

        /** A string that may be absent: its length is -1 for null. */
        String optString() throws Malformed {
            int n = integer();
            return n == -1 ? null : utf8(checkedCount(n));
        }

        private String utf8(int length) {
            String s = new String(buf, pos, length, StandardCharsets.UTF_8);
            pos += length;
            return s;
        }

        List<String> strings() throws Malformed {
            int n = count();
            List<String> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                list.add(string());
            }
            return list;
        }

        Span span() throws Malformed {
            int start = integer();
            int end = integer();
            if (start < 0 || end < start || end > textLength) {
                throw new Malformed("bad span");
            }
            return new Span(source, start, end);
        }

        Span optSpan() throws Malformed {
            return bool() ? span() : null;
        }

        int id() throws Malformed {
            int id = integer();
            if (id < 0) {
                throw new Malformed("bad id");
            }
            return id;
        }

        Text text() throws Malformed {
            return new Text(string(), span(), integer(), bool());
        }

        QualifiedName name() throws Malformed {
            List<String> parts = strings();
            if (parts.isEmpty()) {
                throw new Malformed("empty name");
            }
            return new QualifiedName(parts);
        }

        List<Annotation> annotations() throws Malformed {
            int n = count();
            List<Annotation> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                list.add(new Annotation(string(), strings(), span()));
            }
            return list;
        }

        UnitRef unit() throws Malformed {
            int n = count();
            List<UnitRef.Factor> factors = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                factors.add(new UnitRef.Factor(string(), integer(), span()));
            }
            return new UnitRef(factors, span(), id());
        }

        UnitRef optUnit() throws Malformed {
            return bool() ? unit() : null;
        }

        DimRef dim() throws Malformed {
            if (!bool()) {
                return null;
            }
            int n = count();
            List<DimRef.Factor> factors = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                factors.add(new DimRef.Factor(string(), integer(), span()));
            }
            return new DimRef(factors, span());
        }

        Expr optExpr() throws Malformed {
            return bool() ? expr() : null;
        }

        Expr expr() throws Malformed {
            int tag = tag();
            return switch (tag) {
                case NUMBER -> {
                    double v = number();
                    yield new Expr.NumberLit(v, span(), id());
                }
                case QUANTITY -> {
                    Expr magnitude = expr();
                    UnitRef unit = unit();
                    yield new Expr.Quantity(magnitude, unit, span(), id());
                }
                case NAME_REF -> nameRef();
                case NEGATE -> {
                    Expr operand = expr();
                    yield new Expr.Negate(operand, span(), id());
                }
                case BINARY -> {
                    BinaryOp op = BinaryOp.values()[tag()];
                    Expr left = expr();
                    Expr right = expr();
                    yield new Expr.Binary(op, left, right, span(), id());
                }
                case POWER -> {
                    Expr base = expr();
                    Expr exponent = expr();
                    yield new Expr.Power(base, exponent, span(), id());
                }
                case CALL -> {
                    if (tag() != NAME_REF) {
                        throw new Malformed("bad callee");
                    }
                    Expr.NameRef callee = nameRef();
                    int n = count();
                    List<Expr> args = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        args.add(expr());
                    }
                    yield new Expr.Call(callee, args, span(), id());
                }
                case PAREN -> {
                    Expr inner = expr();
                    yield new Expr.Paren(inner, span(), id());
                }
                case CONVERT -> {
                    Expr value = expr();
                    UnitRef target = unit();
                    yield new Expr.Convert(value, target, span(), id());
                }
                default -> throw new Malformed("bad expression tag " + tag);
            };
        }

        /** A name reference after its tag. */
        private Expr.NameRef nameRef() throws Malformed {
            QualifiedName name = name();
            return new Expr.NameRef(name, span(), id());
        }

        Template template() throws Malformed {
            if (!bool()) {
                return null;
            }
            Text source = text();
            int n = count();
            List<Template.Part> parts = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int tag = tag();
                switch (tag) {
                    case LITERAL -> parts.add(new Template.Literal(string()));
                    case LINE_BREAK -> parts.add(new Template.LineBreak());
                    case PLACEHOLDER -> {
                        Template.Form form = Template.Form.values()[tag()];
                        if (tag() != NAME_REF) {
                            throw new Malformed("bad placeholder");
                        }
                        Expr.NameRef name = nameRef();
                        parts.add(new Template.Placeholder(form, name, optUnit(), optString(), optSpan(), bool(), bool(), span()));
                    }
                    default -> throw new Malformed("bad template part " + tag);
                }
            }
            return new Template(source, parts);
        }

        Value value() throws Malformed {
            int tag = tag();
            return switch (tag) {
                case TEXT_VALUE -> {
                    Text text = text();
                    yield new Value.TextValue(text, span());
                }
                case QUANTITY_VALUE -> {
                    Expr expr = expr();
                    UnitRef target = optUnit();
                    String format = optString();
                    Span formatSpan = optSpan();
                    yield new Value.QuantityValue(expr, target, format, formatSpan, span());
                }
                default -> throw new Malformed("bad value tag " + tag);
            };
        }

        Condition condition() throws Malformed {
            int tag = tag();
            return switch (tag) {
                case COMPARE -> {
                    CompareOp op = CompareOp.values()[tag()];
                    Expr left = expr();
                    Expr right = expr();
                    Expr tolerance = optExpr();
                    yield new Condition.Compare(op, left, right, tolerance, span());
                }
                case IN_RANGE -> {
                    Expr value = expr();
                    Expr low = expr();
                    Expr high = expr();
                    yield new Condition.InRange(value, low, high, span());
                }
                default -> throw new Malformed("bad condition tag " + tag);
            };
        }

        Stmt stmt() throws Malformed {
            int tag = tag();
            return switch (tag) {
                case CHAIN_HEADER -> {
                    Text title = text();
                    yield new Stmt.ChainHeader(title, span());
                }
                case DRILL -> {
                    Text title = text();
                    yield new Stmt.Drill(title, span());
                }
                case USE -> {
                    QualifiedName module = name();
                    String alias = optString();
                    yield new Stmt.Use(module, alias, span());
                }
                case GROUP -> {
                    GroupKind kind = GroupKind.values()[tag()];
                    String label = string();
                    Template labelTemplate = template();
                    Template template = template();
                    int n = count();
                    List<Stmt> members = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        members.add(stmt());
                    }
                    yield new Stmt.Group(kind, label, labelTemplate, template, members, span());
                }
                case NOTE -> {
                    Text text = text();
                    Template template = template();
                    yield new Stmt.Note(text, template, span());
                }
                case CARD_HEADER -> {
                    Text title = text();
                    yield new Stmt.CardHeader(title, span());
                }
                case INTRO -> {
                    Text text = text();
                    Template template = template();
                    yield new Stmt.Intro(text, template, span());
                }
                case INCLUDE -> {
                    Text path = text();
                    yield new Stmt.Include(path, span());
                }
                case NEXT_CARD -> {
                    Text title = text();
                    yield new Stmt.NextCard(title, span());
                }
                case LINKS -> {
                    Text base = text();
                    String slugRule = optString();
                    Span slugRuleSpan = optSpan();
                    yield new Stmt.Links(base, slugRule, slugRuleSpan, span());
                }
                case DIMENSION -> {
                    String name = string();
                    DimRef definition = dim();
                    List<Annotation> annotations = annotations();
                    yield new Stmt.DimensionDecl(name, definition, annotations, span());
                }
                case UNIT -> {
                    List<String> names = strings();
                    int n = count();
                    List<Span> nameSpans = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        nameSpans.add(span());
                    }
                    DimRef baseOf = dim();
                    Expr definition = optExpr();
                    List<Annotation> annotations = annotations();
                    yield new Stmt.UnitDecl(names, nameSpans, baseOf, definition, annotations, span());
                }
                case FN -> {
                    String name = string();
                    Span nameSpan = span();
                    int n = count();
                    List<Stmt.Param> params = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        params.add(new Stmt.Param(string(), dim(), span()));
                    }
                    DimRef returns = dim();
                    Expr body = expr();
                    List<Annotation> annotations = annotations();
                    yield new Stmt.FnDecl(name, nameSpan, params, returns, body, annotations, span());
                }
                case BINDING -> {
                    String name = string();
                    Span nameSpan = span();
                    Value value = value();
                    List<Annotation> annotations = annotations();
                    yield new Stmt.Binding(name, nameSpan, value, annotations, span());
                }
                case CHECK -> {
                    Condition condition = condition();
                    yield new Stmt.Check(condition, span());
                }
                case EVALUATE -> {
                    Value value = value();
                    yield new Stmt.Evaluate(value, span());
                }
                default -> throw new Malformed("bad statement tag " + tag);
            };
        }
    }
}
