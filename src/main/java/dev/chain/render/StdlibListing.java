package dev.chain.render;

import dev.chain.check.BindingInfo;
import dev.chain.check.FunctionInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code chain stdlib} as text: a line per module, then a line per constant or function with its
 * qualified name first, so that the output can be grepped ({@code chain stdlib | grep fp8}).
 */
public final class StdlibListing {
    private StdlibListing() {}

    public static String text(List<ModuleDoc> modules) {
        StringBuilder out = new StringBuilder();
        for (ModuleDoc m : modules) {
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append(m.name()).append(": ").append(m.headline()).append('\n');
            List<String[]> rows = new ArrayList<>();
            for (BindingInfo b : m.bindings()) {
                rows.add(new String[] {m.name() + "." + b.name(), m.value(b), m.dimension(b), m.source(b)});
            }
            for (FunctionInfo fn : m.functions()) {
                rows.add(new String[] {m.name() + "." + ModuleDoc.signature(fn), "", "", fn.source() == null ? "" : fn.source()});
            }
            table(rows, out);
        }
        return out.toString();
    }

    /** Columns padded to their widest cell; a function's signature spills over the value columns. */
    private static void table(List<String[]> rows, StringBuilder out) {
        int[] widths = new int[3];
        for (String[] row : rows) {
            if (row[1].isEmpty()) {
                continue;
            }
            for (int i = 0; i < 3; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder("  ");
            if (row[1].isEmpty()) {
                line.append(row[0]).append("  ");
            } else {
                for (int i = 0; i < 3; i++) {
                    line.append(pad(row[i], widths[i])).append("  ");
                }
            }
            line.append(row[3]);
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
