import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * Build step: an annotation processor that the main compile runs (pom.xml compiles it first, into
 * target/build-classes), which writes {@code dev.chain.web.ModelReader}, the explorable page's
 * reader of the JSON that {@code web.ModelWriter} writes reflectively. It reads the records as the
 * compiler sees them, so the reader is the records' shape by construction: a new kind of
 * {@code Node}, {@code Piece} or {@code FigureLayout} (a record in a sealed interface's
 * {@code permits}) or a new component needs no edit here or in the reader, and a type the page
 * cannot read (not a record, a sealed interface, an enum, a list or an array of those, or a type
 * {@code ModelReading} reads) fails the build at the component that holds it, not the page.
 *
 * <p>What it writes is plain Java, no reflection, which TeaVM compiles into the page's script:
 * <ul>
 * <li>for each abstract method of {@code web.ModelReading} ({@code PageModel pageModel(Tree)},
 *     {@code Node node(Tree)}), that method; from there, every type its records reach;</li>
 * <li>a record: {@code new R(...)} of each component read by its name;</li>
 * <li>a sealed interface: a switch over {@code "kind"}, the writer's simple name of the record, one
 *     case for each record its {@code permits} list (and those of the sealed interfaces it
 *     permits) names;</li>
 * <li>an enum: its constant by name; a {@code List} or an array: each item read as its type;</li>
 * <li>any other type: the method of {@code ModelReading} that takes one {@code Tree} and returns
 *     that type ({@code String string(Tree)}, {@code Site site(Tree)}, ...), as the writer writes
 *     those types otherwise than as records;</li>
 * <li>a {@code units.Dimension}: null, as the writer leaves dimensions behind.</li>
 * </ul>
 * A reference is null where the JSON has null, as the writer writes null for null; a primitive must
 * have a value. Every member must be there (null or not): a model of another shape fails loudly.
 */
@SupportedAnnotationTypes("*")
public final class ModelReaderGenerator extends AbstractProcessor {
    private static final String BASE = "dev.chain.web.ModelReading";
    private static final String TREE = "dev.chain.web.Tree";
    private static final String NOT_WRITTEN = "dev.chain.units.Dimension";

    private boolean written;
    /** The reader method of each record and sealed interface met so far, by its type's name. */
    private final Map<String, String> methods = new LinkedHashMap<>();
    private final Map<String, String> typeOfMethod = new HashMap<>();
    private final Deque<TypeElement> pending = new ArrayDeque<>();
    /** The reader method of each list and array type met so far, by its name, and its code. */
    private final Map<String, String> containers = new LinkedHashMap<>();
    private final List<ExecutableElement> provided = new ArrayList<>();

    /** A type the page cannot read, at the element that holds it. */
    private static final class Unreadable extends RuntimeException {
        final transient Element where;

        Unreadable(String message, Element where) {
            super(message);
            this.where = where;
        }
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        if (written || round.processingOver()) {
            return false;
        }
        written = true;
        TypeElement base = processingEnv.getElementUtils().getTypeElement(BASE);
        if (base == null) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, "ModelReaderGenerator: no " + BASE + " to build the page's reader on");
            return false;
        }
        try {
            String java = generate(base);
            try (Writer out = processingEnv.getFiler().createSourceFile("dev.chain.web.ModelReader", base).openWriter()) {
                out.write(java);
            }
        } catch (Unreadable e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, "the explorable page cannot read this: " + e.getMessage(), e.where);
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, "ModelReaderGenerator: " + e);
        }
        return false;
    }

    private String generate(TypeElement base) {
        StringBuilder body = new StringBuilder();
        for (ExecutableElement m : ElementFilter.methodsIn(base.getEnclosedElements())) {
            boolean readsTree = m.getParameters().size() == 1 && m.getParameters().get(0).asType().toString().equals(TREE);
            if (m.getModifiers().contains(Modifier.ABSTRACT)) {
                TypeElement root = declared(m.getReturnType(), m);
                methods.put(root.getQualifiedName().toString(), m.getSimpleName().toString());
                typeOfMethod.put(m.getSimpleName().toString(), root.getQualifiedName().toString());
                pending.add(root);
            } else if (readsTree && !m.getModifiers().contains(Modifier.PRIVATE)) {
                for (ExecutableElement other : provided) {
                    if (types().isSameType(other.getReturnType(), m.getReturnType())) {
                        throw new Unreadable("two readers of " + m.getReturnType() + ": " + other.getSimpleName() + " and "
                                + m.getSimpleName(), m);
                    }
                }
                provided.add(m);
            }
        }
        while (!pending.isEmpty()) {
            TypeElement type = pending.poll();
            body.append(type.getKind() == ElementKind.RECORD ? record(type) : kinds(type));
        }
        containers.values().forEach(body::append);
        return "package dev.chain.web;\n\n"
                + "/**\n"
                + " * The page model's reader: each record read back from what {@link ModelWriter} wrote, each component by its\n"
                + " * name. Generated by src/build/ModelReaderGenerator.java from the records themselves; do not edit.\n"
                + " */\n"
                + "final class ModelReader extends ModelReading {\n"
                + "    private ModelReader() {}\n\n"
                + "    static PageModel read(Tree json) {\n"
                + "        return new ModelReader().read(need(json, \"functions\"), need(json, \"page\"));\n"
                + "    }\n\n"
                + "    /** A drill's formulas for the practice mode (web.PracticeText): its functions, then its nodes. */\n"
                + "    static dev.chain.eval.Node[] formulas(Tree json) {\n"
                + "        return new ModelReader().formulas(need(json, \"functions\"), need(need(json, \"practice\"), \"formulas\"));\n"
                + "    }\n"
                + body
                + "}\n";
    }

    /** A record: its canonical constructor, each component read from the member of its name. */
    private String record(TypeElement type) {
        if (!type.getTypeParameters().isEmpty()) {
            throw new Unreadable(type + " is generic", type);
        }
        StringBuilder args = new StringBuilder();
        for (RecordComponentElement c : type.getRecordComponents()) {
            TypeMirror t = c.asType();
            String key = "\"" + c.getSimpleName() + "\"";
            // The component's field, which javac places where the component is written (the component itself it does not).
            Element where = ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
                    .filter(f -> f.getSimpleName().equals(c.getSimpleName())).findFirst().orElseThrow();
            String read;
            try {
                if (t.toString().equals(NOT_WRITTEN)) {
                    read = "null";
                } else if (t.getKind().isPrimitive()) {
                    read = read(t, "need(t, " + key + ")", where);
                } else {
                    read = read(t, "optional(t, " + key + ")", where);
                }
            } catch (Unreadable e) {
                throw new Unreadable(type.getSimpleName() + "." + c.getSimpleName() + ", a " + e.getMessage(), e.where);
            }
            args.append(args.length() == 0 ? "" : ",\n                ").append(read);
        }
        return "\n    " + name(type) + " " + methods.get(type.getQualifiedName().toString()) + "(Tree t) {\n"
                + "        if (t == null) {\n"
                + "            return null;\n"
                + "        }\n"
                + "        return new " + name(type) + "(" + args + ");\n"
                + "    }\n";
    }

    /** A sealed interface: the record named by the member "kind", among those it permits. */
    private String kinds(TypeElement type) {
        StringBuilder cases = new StringBuilder();
        Map<String, TypeElement> byName = new LinkedHashMap<>();
        permitted(type, type, byName);
        for (Map.Entry<String, TypeElement> kind : byName.entrySet()) {
            cases.append("            case \"").append(kind.getKey()).append("\":\n")
                    .append("                return ").append(method(kind.getValue())).append("(t);\n");
        }
        return "\n    " + name(type) + " " + methods.get(type.getQualifiedName().toString()) + "(Tree t) {\n"
                + "        if (t == null) {\n"
                + "            return null;\n"
                + "        }\n"
                + "        String kind = string(need(t, \"kind\"));\n"
                + "        switch (kind) {\n"
                + cases
                + "        }\n"
                + "        throw unknownKind(\"" + type.getSimpleName() + "\", kind);\n"
                + "    }\n";
    }

    /** The records a sealed interface permits, by the simple name the writer gives each, through the sealed interfaces it permits. */
    private void permitted(TypeElement sealed, TypeElement top, Map<String, TypeElement> byName) {
        for (TypeMirror p : sealed.getPermittedSubclasses()) {
            TypeElement kind = (TypeElement) types().asElement(p);
            if (kind.getKind() == ElementKind.RECORD) {
                TypeElement same = byName.put(kind.getSimpleName().toString(), kind);
                if (same != null) {
                    throw new Unreadable(kind + " and " + same + " are both \"" + kind.getSimpleName() + "\" to the writer", kind);
                }
            } else if (kind.getKind() == ElementKind.INTERFACE && kind.getModifiers().contains(Modifier.SEALED)) {
                permitted(kind, top, byName);
            } else {
                throw new Unreadable(kind + ", a kind of " + top + ", is neither a record nor a sealed interface", kind);
            }
        }
    }

    /** The expression that reads {@code tree} (an expression) as {@code type}. */
    private String read(TypeMirror type, String tree, Element where) {
        for (ExecutableElement m : provided) {
            if (types().isSameType(m.getReturnType(), type)) {
                return m.getSimpleName() + "(" + tree + ")";
            }
        }
        if (type.getKind() == TypeKind.ARRAY) {
            return container(type, ((ArrayType) type).getComponentType(), where) + "(" + tree + ")";
        }
        if (type.getKind() != TypeKind.DECLARED) {
            throw new Unreadable(type + " (no reader in " + BASE + ")", where);
        }
        TypeElement element = (TypeElement) types().asElement(type);
        List<? extends TypeMirror> arguments = ((DeclaredType) type).getTypeArguments();
        if (element.getQualifiedName().contentEquals("java.util.List") && arguments.size() == 1) {
            return container(type, arguments.get(0), where) + "(" + tree + ")";
        }
        if (element.getKind() == ElementKind.ENUM) {
            return "named(" + name(element) + ".values(), " + tree + ")";
        }
        if (element.getKind() == ElementKind.RECORD
                || element.getKind() == ElementKind.INTERFACE && element.getModifiers().contains(Modifier.SEALED)) {
            return method(element) + "(" + tree + ")";
        }
        throw new Unreadable(type + " (not a record, a sealed interface, an enum, a List or an array, and no reader in " + BASE + ")",
                where);
    }

    /**
     * The reader method of a list or an array ({@code listOfPiece}, {@code arrayOfNode}), written the
     * first time it is met: a loop over the JSON array, each item read as {@code item}.
     */
    private String container(TypeMirror type, TypeMirror item, Element where) {
        boolean array = type.getKind() == TypeKind.ARRAY;
        String method = uncapitalized(typeName(type));
        if (containers.containsKey(method)) {
            return method;
        }
        String other = typeOfMethod.putIfAbsent(method, type.toString());
        if (other != null) {
            throw new Unreadable(type + " and " + other + " would both be read by " + method + "()", where);
        }
        String created;
        if (array) {
            String erased = types().erasure(item).toString();
            if (!types().isSameType(types().erasure(item), item)) {
                throw new Unreadable(type + " (an array of a generic type)", where);
            }
            int dims = erased.indexOf('[');
            created = dims < 0 ? "new " + erased + "[t.size()]" : "new " + erased.substring(0, dims) + "[t.size()]" + erased.substring(dims);
        } else {
            created = "new java.util.ArrayList<>(t.size())";
        }
        String add = array ? "out[i] = " + read(item, "t.at(i)", where) : "out.add(" + read(item, "t.at(i)", where) + ")";
        containers.put(method, "\n    " + type + " " + method + "(Tree t) {\n"
                + "        if (t == null) {\n"
                + "            return null;\n"
                + "        }\n"
                + "        " + type + " out = " + created + ";\n"
                + "        for (int i = 0; i < t.size(); i++) {\n"
                + "            " + add + ";\n"
                + "        }\n"
                + "        return out;\n"
                + "    }\n");
        return method;
    }

    /** A type's name in a method's: PageModelInput, ListOfPiece, ArrayOfArrayOfDouble. */
    private String typeName(TypeMirror type) {
        if (type.getKind() == TypeKind.ARRAY) {
            return "ArrayOf" + typeName(((ArrayType) type).getComponentType());
        }
        if (type.getKind() != TypeKind.DECLARED) {
            return Character.toUpperCase(type.toString().charAt(0)) + type.toString().substring(1);
        }
        List<? extends TypeMirror> arguments = ((DeclaredType) type).getTypeArguments();
        StringBuilder name = new StringBuilder();
        for (Element e = types().asElement(type); e instanceof TypeElement; e = e.getEnclosingElement()) {
            name.insert(0, e.getSimpleName());
        }
        for (TypeMirror argument : arguments) {
            name.append("Of").append(typeName(argument));
        }
        return name.toString();
    }

    private static String uncapitalized(String name) {
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }

    /** The reader method of a record or sealed interface, queued to be written the first time it is met. */
    private String method(TypeElement type) {
        String qualified = type.getQualifiedName().toString();
        String method = methods.get(qualified);
        if (method == null) {
            method = uncapitalized(typeName(type.asType()));
            String other = typeOfMethod.putIfAbsent(method, qualified);
            if (other != null) {
                throw new Unreadable(type + " and " + other + " would both be read by " + method + "()", type);
            }
            methods.put(qualified, method);
            pending.add(type);
        }
        return method;
    }

    private TypeElement declared(TypeMirror type, Element where) {
        if (type.getKind() != TypeKind.DECLARED) {
            throw new Unreadable(type + " is not a record or a sealed interface", where);
        }
        return (TypeElement) types().asElement(type);
    }

    /** A type's name as source code spells it, from anywhere: dev.chain.render.Piece.Quantity. */
    private static String name(TypeElement type) {
        return type.getQualifiedName().toString();
    }

    private javax.lang.model.util.Types types() {
        return processingEnv.getTypeUtils();
    }
}
