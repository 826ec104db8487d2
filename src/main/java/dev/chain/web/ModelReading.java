package dev.chain.web;

import dev.chain.eval.CompiledFunction;
import dev.chain.eval.Node;
import dev.chain.eval.Site;
import java.util.ArrayList;
import java.util.List;

/**
 * What the page model's reader is built on. {@link ModelReader}, its subclass, is generated at
 * build time by src/build/ModelReaderGenerator.java from the records that {@link ModelWriter}
 * writes: a method per record and per sealed interface. This class reads the rest:
 * <ul>
 * <li>the model's version, first, and its user functions, before the page that calls them;</li>
 * <li>what the writer writes otherwise than as a record: a method here that takes one
 *     {@link Tree} reads the type it returns, wherever a component has that type (a
 *     {@link Site} as its text, a {@link CompiledFunction} as its index, a string, a number);</li>
 * <li>each abstract method is one the generated reader writes: where it starts.</li>
 * </ul>
 * A model whose shape is not the records' (another version of chain, a missing member) fails,
 * loudly, rather than reading one thing as another. Plain Java that TeaVM compiles into the page's
 * script; the tests run it on the JVM.
 */
abstract class ModelReading {
    private final List<CompiledFunction> functions = new ArrayList<>();

    /**
     * The page's model from the JSON's two members: the page's version checked, then each user
     * function, then the page, which may call any of them.
     */
    final PageModel read(Tree written, Tree page) {
        String version = string(need(page, "version"));
        if (!PageModel.VERSION.equals(version)) {
            throw new IllegalArgumentException("this page's model was written by another version of chain (" + version + ")");
        }
        functions(written);
        return pageModel(page);
    }

    /**
     * A drill's formulas (the practice mode's, {@link PracticeText}): each function, then each
     * formula, which may call any of them. Of the same script and version as the page's model,
     * which the page checked.
     */
    final Node[] formulas(Tree written, Tree formulas) {
        functions(written);
        Node[] out = new Node[formulas.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = node(formulas.at(i));
        }
        return out;
    }

    /** Each function first, then the bodies, which may call any of them. */
    private void functions(Tree written) {
        for (int i = 0; i < written.size(); i++) {
            Tree f = written.at(i);
            functions.add(new CompiledFunction(string(need(f, "name")), integer(need(f, "arity")), null, doubles(optional(f, "ownerSlots"))));
        }
        for (int i = 0; i < written.size(); i++) {
            functions.get(i).setBody(node(need(written.at(i), "body")));
        }
    }

    abstract PageModel pageModel(Tree t);

    abstract Node node(Tree t);

    // ---- what the writer writes otherwise than as a record ----------------------------------------

    /** A user function, by its index in the model's functions. */
    final CompiledFunction function(Tree t) {
        return t == null ? null : functions.get(integer(t));
    }

    /** A site: the text it was written as, all the page says of a place. */
    static Site site(Tree t) {
        return t == null ? null : new Site.At(string(need(t, "text")));
    }

    static String string(Tree t) {
        return t == null ? null : t.string();
    }

    static int integer(Tree t) {
        return (int) t.number();
    }

    static double number(Tree t) {
        return t.number();
    }

    /** A number, or null for JSON null. */
    static Double optionalNumber(Tree t) {
        return t == null ? null : t.number();
    }

    static boolean flag(Tree t) {
        return t.bool();
    }

    /** A char, which the writer writes as a string of one. */
    static char character(Tree t) {
        return t.string().charAt(0);
    }

    static int[] integers(Tree t) {
        if (t == null) {
            return null;
        }
        int[] out = new int[t.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (int) t.at(i).number();
        }
        return out;
    }

    static double[] doubles(Tree t) {
        if (t == null) {
            return null;
        }
        double[] out = new double[t.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = t.at(i).number();
        }
        return out;
    }

    // ---- members, constants and kinds, for the generated reader --------------------------------

    /** A member that has a value. */
    static Tree need(Tree t, String key) {
        Tree member = optional(t, key);
        if (member == null) {
            throw new IllegalArgumentException("the page model has no value for `" + key + "`");
        }
        return member;
    }

    /** A member that may be null; the writer writes every member, so one that is missing is a model of another shape. */
    static Tree optional(Tree t, String key) {
        if (!t.has(key)) {
            throw new IllegalArgumentException("the page model lacks `" + key + "`");
        }
        return t.get(key);
    }

    /** The constant of this name: by comparing names, as the script has no enum lookup by name. */
    static <E extends Enum<E>> E named(E[] constants, Tree t) {
        if (t == null) {
            return null;
        }
        String name = t.string();
        for (E e : constants) {
            if (e.name().equals(name)) {
                return e;
            }
        }
        throw new IllegalArgumentException("the page model names an unknown constant: " + name);
    }

    static IllegalArgumentException unknownKind(String of, String kind) {
        return new IllegalArgumentException("the page model has an unknown kind of " + of + ": " + kind);
    }
}
