package dev.chain.format;

import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether two syntax trees say the same thing, where they were written aside: every record of the
 * AST is compared component by component, except spans, node ids and offsets into the source
 * ({@code Span}, {@code SourceFile}, {@code id}, {@code contentOffset}). It reads the records'
 * components by reflection, so a component added to a node is compared without a change here.
 * This is how {@code chain fmt} proves that a layout changed nothing but the layout.
 */
public final class AstEquality {
    /** Components that say where a node is, not what it is. */
    private static final java.util.Set<String> POSITIONS = java.util.Set.of("id", "contentOffset");

    private static final Map<Class<?>, RecordComponent[]> COMPONENTS = new ConcurrentHashMap<>();

    private AstEquality() {}

    /** True when {@code a} and {@code b} are equal, spans and node ids aside. */
    public static boolean equal(Object a, Object b) {
        return difference(a, b, "") == null;
    }

    /** Where the two first differ ({@code statements[3].value.expr.op: ADD vs SUB}), or null if they do not. */
    public static String difference(Object a, Object b, String path) {
        if (a == b) {
            return null;
        }
        if (a == null || b == null) {
            return path + ": " + a + " vs " + b;
        }
        if (a instanceof Span || a instanceof SourceFile) {
            return null;
        }
        if (a.getClass() != b.getClass()) {
            return path + ": " + a.getClass().getSimpleName() + " vs " + b.getClass().getSimpleName();
        }
        if (a instanceof Double x) {
            return Double.doubleToLongBits(x) == Double.doubleToLongBits((Double) b) ? null : path + ": " + a + " vs " + b;
        }
        if (a instanceof List<?> x) {
            List<?> y = (List<?>) b;
            if (x.size() != y.size()) {
                return path + ": " + x.size() + " vs " + y.size() + " elements";
            }
            for (int i = 0; i < x.size(); i++) {
                String d = difference(x.get(i), y.get(i), path + "[" + i + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a instanceof Collection<?> x) {
            // sets of names: order is not meaning
            Collection<?> y = (Collection<?>) b;
            return x.size() == y.size() && x.containsAll(y) ? null : path + ": " + x + " vs " + y;
        }
        if (a instanceof Record) {
            return records((Record) a, (Record) b, path);
        }
        return a.equals(b) ? null : path + ": " + a + " vs " + b;
    }

    private static String records(Record a, Record b, String path) {
        RecordComponent[] components = COMPONENTS.computeIfAbsent(a.getClass(), Class::getRecordComponents);
        for (RecordComponent c : components) {
            if (POSITIONS.contains(c.getName()) || c.getType() == Span.class || c.getType() == SourceFile.class) {
                continue;
            }
            String d = difference(read(c, a), read(c, b), path.isEmpty() ? c.getName() : path + "." + c.getName());
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static Object read(RecordComponent c, Record r) {
        try {
            var accessor = c.getAccessor();
            accessor.setAccessible(true);
            return accessor.invoke(r);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + c.getName() + " of " + r.getClass().getName(), e);
        }
    }
}
