package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/** One statement of a .chain file. Groups hold the statements that follow their header. */
public sealed interface Stmt {
    Span span();

    record ChainHeader(Text title, Span span) implements Stmt {}

    record Drill(Text title, Span span) implements Stmt {}

    /** {@code use llama31_8b as model}; alias null means the module's own name. */
    record Use(QualifiedName module, String alias, Span span) implements Stmt {
        public String boundName() {
            return alias != null ? alias : module.last();
        }
    }

    /**
     * {@code derive floor "template"} and the bindings and checks after it, up to the next group.
     * {@code label} is the left-column label ("inputs", "floor", "512 chunk"); template may be null.
     */
    record Group(GroupKind kind, String label, Text template, List<Stmt> members, Span span) implements Stmt {
        public Group {
            members = List.copyOf(members);
        }
    }

    record Note(Text text, Span span) implements Stmt {}

    /** {@code dimension Tokens} (a new base dimension) or {@code dimension Bandwidth = Bytes/Time}. */
    record DimensionDecl(String name, DimRef definition, List<Annotation> annotations, Span span) implements Stmt {
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
        public FnDecl {
            params = List.copyOf(params);
            annotations = List.copyOf(annotations);
        }
    }

    record Binding(String name, Span nameSpan, Value value, List<Annotation> annotations, Span span) implements Stmt {
        public Binding {
            annotations = List.copyOf(annotations);
        }
    }

    record Check(Condition condition, Span span) implements Stmt {}

    /** A value on its own: what the REPL and {@code chain eval} evaluate. */
    record Evaluate(Value value, Span span) implements Stmt {}
}
