package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/** One statement of a .chain file. Groups hold the statements that follow their header. */
public sealed interface Stmt {
    Span span();

    <R> R accept(Visitor<R> visitor);

    /**
     * A pass over statements. Every pass implements all of it, so a new kind of statement does
     * not compile until each pass says what it does with it (docs/architecture.md).
     */
    interface Visitor<R> {
        R visitChainHeader(ChainHeader chainHeader);

        R visitDrill(Drill drill);

        R visitUse(Use use);

        R visitGroup(Group group);

        R visitNote(Note note);

        R visitCardHeader(CardHeader cardHeader);

        R visitIntro(Intro intro);

        R visitInclude(Include include);

        R visitNextCard(NextCard nextCard);

        R visitLinks(Links links);

        R visitDimension(DimensionDecl dimension);

        R visitUnit(UnitDecl unit);

        R visitFunction(FnDecl function);

        R visitBinding(Binding binding);

        R visitCheck(Check check);

        R visitEvaluate(Evaluate evaluate);

        R visitFigure(Figure figure);
    }

    record ChainHeader(Text title, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitChainHeader(this);
        }
    }

    record Drill(Text title, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitDrill(this);
        }
    }

    /**
     * {@code use llama31_8b as model}; alias null means the module's own name. {@code moduleSpan}
     * is where the module's name is written (where a fix for a misspelt one goes).
     */
    record Use(QualifiedName module, String alias, Span moduleSpan, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitUse(this);
        }

        public String boundName() {
            return alias != null ? alias : module.last();
        }
    }

    /**
     * {@code derive floor "template"} and the bindings and checks after it, up to the next group.
     * {@code label} is the left-column label as written ("inputs", "floor", "512 chunk");
     * {@code labelTemplate} is set when the label is a string, which may show values
     * ({@code derive "batch {batch}"}); {@code template} is the line(s) the card shows, or null.
     */
    record Group(GroupKind kind, String label, Template labelTemplate, Template template, List<Stmt> members,
                 Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitGroup(this);
        }

        public Group {
            members = List.copyOf(members);
        }
    }

    /** A paragraph (or several, split by blank lines) of prose after the chain's code block; a template. */
    record Note(Text text, Template template, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitNote(this);
        }
    }

    // ---- a card file: a page of chains ------------------------------------------------------

    /** {@code card "Title"}: starts a card file (.card). */
    record CardHeader(Text title, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitCardHeader(this);
        }
    }

    /** {@code intro "..."}: the card's introduction, prose, read as a template (line breaks split paragraphs). */
    record Intro(Text text, Template template, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitIntro(this);
        }
    }

    /** {@code include "02-inter-token-floor.chain"}: the card's next chain, relative to the card file. */
    record Include(Text path, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitInclude(this);
        }
    }

    /** {@code next "Implementation Coding Chains"}: the card that follows this one on the site. */
    record NextCard(Text title, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitNextCard(this);
        }
    }

    /**
     * {@code links "/" kebab}: where "Drilled in:" and "Next card:" links point, and how a title
     * becomes the last part of a link. {@code slugRule} (and its span) is null when not given.
     */
    record Links(Text base, String slugRule, Span slugRuleSpan, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitLinks(this);
        }
    }

    /** {@code dimension Tokens} (a new base dimension) or {@code dimension Bandwidth = Bytes/Time}. */
    record DimensionDecl(String name, DimRef definition, List<Annotation> annotations, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitDimension(this);
        }

        public DimensionDecl {
            annotations = List.copyOf(annotations);
        }
    }

    /**
     * {@code unit token, tokens: Tokens} (the base unit of a dimension) or {@code unit min = 60 s}.
     * Exactly one of {@code baseOf} and {@code definition} is set.
     */
    record UnitDecl(List<String> names, List<Span> nameSpans, DimRef baseOf, Expr definition,
                    List<Annotation> annotations, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitUnit(this);
        }

        public UnitDecl {
            names = List.copyOf(names);
            nameSpans = List.copyOf(nameSpans);
            annotations = List.copyOf(annotations);
        }
    }

    /** A parameter of a user function; {@code type} null means dimensionless. */
    record Param(String name, DimRef type, Span span) {}

    record FnDecl(String name, Span nameSpan, List<Param> params, DimRef returns, Expr body,
                  List<Annotation> annotations, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitFunction(this);
        }

        public FnDecl {
            params = List.copyOf(params);
            annotations = List.copyOf(annotations);
        }
    }

    record Binding(String name, Span nameSpan, Value value, List<Annotation> annotations, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitBinding(this);
        }

        public Binding {
            annotations = List.copyOf(annotations);
        }
    }

    record Check(Condition condition, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitCheck(this);
        }
    }

    /** A value on its own: what the REPL and {@code chain eval} evaluate. */
    record Evaluate(Value value, Span span) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitEvaluate(this);
        }
    }

    /**
     * A figure on the chain's page, after its notes: {@code table "Title"}, {@code plot "Title"}
     * or {@code roofline "Title"}, with the clauses on the lines below it (what it sweeps, what it
     * shows) and the checks that must hold at every point it sweeps. The title is a template.
     */
    record Figure(FigureKind kind, Text title, Template titleTemplate, List<Clause> clauses, List<Check> checks,
                  Span span) implements Stmt {
        public Figure {
            clauses = List.copyOf(clauses);
            checks = List.copyOf(checks);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitFigure(this);
        }

        public Figure with(Clause clause) {
            List<Clause> more = new java.util.ArrayList<>(clauses);
            more.add(clause);
            return new Figure(kind, title, titleTemplate, more, checks, span);
        }

        public Figure with(Check check) {
            List<Check> more = new java.util.ArrayList<>(checks);
            more.add(check);
            return new Figure(kind, title, titleTemplate, clauses, more, span);
        }
    }
}
