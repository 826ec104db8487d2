package dev.chain.session.repl;

import dev.chain.ast.Keywords;
import dev.chain.check.BindingInfo;
import dev.chain.check.Builtin;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FunctionInfo;
import dev.chain.units.Prefix;
import dev.chain.units.Unit;
import dev.chain.units.UnitRegistry;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What Tab can complete at a cursor: commands, the session's values, module aliases and stdlib
 * modules with their qualified names ({@code llama31_8b.params}), functions, units with their
 * prefixes ({@code GiB}, {@code TFLOP}, {@code ms}), keywords, and files after {@code :load}.
 * After a number, {@code ->} or a glued {@code /}, only units are offered; after {@code use},
 * only modules; inside a template's braces ({@code "{flo"}), the program's values. The same
 * completions serve the REPL and the language server ({@link Scope}): the buffer is the text
 * before the cursor, a line typed at the REPL or a whole file in an editor.
 *
 * @param start      where the word being completed starts; candidates replace [start, cursor)
 * @param candidates each with a group and a short description a front end may show
 */
public record Completions(int start, List<Candidate> candidates) {
    /**
     * {@code complete} false means more may follow (a module's dot, a call's parenthesis): add no
     * space. {@code suffix}: the end of {@code value} a person may well type next themselves (the
     * {@code =} of {@code :set alpha=}), which a front end then types over rather than doubling;
     * null for none.
     */
    public record Candidate(String value, String group, String description, boolean complete, String suffix) {}

    public static Completions at(Scope session, String buffer, int cursor) {
        String before = buffer.substring(0, Math.max(0, Math.min(cursor, buffer.length())));
        int placeholder = placeholderStart(before);
        if (placeholder >= 0) {
            return placeholder(session, before, placeholder);
        }
        if (lexicalContext(before) != CODE) {
            // prose outside its braces, or a comment: nothing to complete
            return new Completions(before.length(), List.of());
        }
        String line = before.substring(before.lastIndexOf('\n') + 1);
        if (line.stripLeading().startsWith("use ") && !line.stripLeading().substring(4).strip().contains(" ")) {
            int start = wordStart(before);
            String word = before.substring(start);
            Builder out = new Builder();
            for (String module : session.usableModules()) {
                out.add(word, module, "modules", "module", true);
            }
            return new Completions(start, out.list());
        }
        String lead = before.stripLeading();
        if (lead.startsWith(":")) {
            int offset = before.length() - lead.length();
            int space = indexOfSpace(lead);
            if (space < 0) {
                return commands(offset, lead);
            }
            Command command = Command.named(lead.substring(1, space));
            String arg = lead.substring(space).stripLeading();
            int argStart = before.length() - arg.length();
            if (command == Command.LOAD) {
                return files(argStart, arg);
            }
            if (command == Command.SET && arg.indexOf('=') < 0) {
                return inputs(session, argStart, arg);
            }
        }
        int start = wordStart(before);
        String word = before.substring(start);
        Builder out = new Builder();
        if (solveRangeEnds(lead)) {
            out.add(word, Keywords.CHECK, "keywords", "then the condition whose turn :solve finds", true);
        }
        if (word.indexOf('.') >= 0) {
            qualified(session, word, out);
        } else if (unitPosition(before, start)) {
            units(session.program().units(), word, out);
        } else {
            everything(session, word, out);
        }
        return new Completions(start, out.list());
    }

    /**
     * {@code :solve batch=1..1024 ch}: a word after a range, before its {@code check}, where a
     * unit is offered after a number, and so is the {@code check} that ends the range.
     */
    private static boolean solveRangeEnds(String lead) {
        int space = indexOfSpace(lead);
        return lead.startsWith(":") && space > 0 && Command.named(lead.substring(1, space)) == Command.SOLVE
                && lead.indexOf('=') > 0 && !(" " + lead.substring(space) + " ").contains(" " + Keywords.CHECK + " ");
    }

    private static int indexOfSpace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean wordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '%';
    }

    private static int wordStart(String before) {
        int i = before.length();
        while (i > 0 && wordChar(before.charAt(i - 1))) {
            i--;
        }
        // a number is not a word to complete: `16G` completes the unit after the digits
        int j = i;
        while (j < before.length() && (Character.isDigit(before.charAt(j)) || before.charAt(j) == '.'
                || before.charAt(j) == ',' || before.charAt(j) == '_')) {
            j++;
        }
        return j > i && j < before.length() && Character.isLetter(before.charAt(j)) ? j : i;
    }

    /** Right after a number, a glued {@code /} or {@code ·} in a unit, or {@code ->}/{@code to}. */
    private static boolean unitPosition(String before, int start) {
        if (start > 0 && (before.charAt(start - 1) == '/' || before.charAt(start - 1) == '·')
                && start >= 2 && !Character.isWhitespace(before.charAt(start - 2))) {
            return true;
        }
        String head = before.substring(0, start).stripTrailing();
        if (head.isEmpty()) {
            return false;
        }
        if (head.endsWith("->") || head.endsWith("→") || head.endsWith(" to")) {
            return true;
        }
        char last = head.charAt(head.length() - 1);
        if (!Character.isDigit(last)) {
            return false;
        }
        // digits that end a name (`x2`) are not a number
        int i = head.length();
        while (i > 0 && (Character.isDigit(head.charAt(i - 1)) || head.charAt(i - 1) == ',' || head.charAt(i - 1) == '.'
                || head.charAt(i - 1) == '_')) {
            i--;
        }
        return i == 0 || !Character.isLetter(head.charAt(i - 1));
    }

    private static Completions commands(int offset, String word) {
        Builder out = new Builder();
        for (Command c : Command.values()) {
            out.add(word, c.word(), "commands", c.help(), true);
        }
        return new Completions(offset, out.list());
    }

    private static Completions inputs(Scope session, int start, String word) {
        Builder out = new Builder();
        Scope state = session;
        for (BindingInfo b : state.program().inputs()) {
            if (!b.isText() && state.visible(b)) {
                out.add(word, b.name() + "=", "inputs", state.text(b), false, "=");
            }
        }
        return new Completions(start, out.list());
    }

    private static Completions files(int start, String word) {
        Builder out = new Builder();
        int slash = word.lastIndexOf('/');
        String folder = slash < 0 ? "" : word.substring(0, slash + 1);
        String name = word.substring(slash + 1);
        Path dir;
        try {
            dir = Path.of(folder.isEmpty() ? "." : folder);
        } catch (InvalidPathException e) {
            return new Completions(start, List.of());
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                String file = p.getFileName().toString();
                if (file.startsWith(".") && !name.startsWith(".")) {
                    continue;
                }
                if (Files.isDirectory(p)) {
                    out.add(word, folder + file + "/", "folders", "", false);
                } else if (file.endsWith(".chain")) {
                    out.add(word, folder + file, "chains", "", true);
                }
            }
        } catch (IOException | SecurityException e) {
            return new Completions(start, List.of());
        }
        List<Candidate> sorted = new ArrayList<>(out.list());
        sorted.sort((a, b) -> a.value().compareTo(b.value()));
        return new Completions(start, sorted);
    }

    private static void qualified(Scope session, String word, Builder out) {
        int dot = word.lastIndexOf('.');
        String alias = word.substring(0, dot);
        CheckedProgram module = Browse.moduleAt(session, alias);
        if (module == null) {
            return;
        }
        for (String inner : module.imports().keySet()) { // server.model.: a module the module uses
            out.add(word, alias + "." + inner + ".", alias, "module", false);
        }
        for (BindingInfo b : module.bindings()) {
            out.add(word, alias + "." + b.name(), alias, describe(session, b), true);
        }
        for (FunctionInfo f : module.functions()) {
            out.add(word, alias + "." + f.name() + "(", alias, "function", false);
        }
    }

    private static void everything(Scope session, String word, Builder out) {
        Scope state = session;
        CheckedProgram program = state.program();
        for (BindingInfo b : program.bindings()) {
            if (state.visible(b)) {
                out.add(word, b.name(), "values", describe(state, b), true);
            }
        }
        for (Map.Entry<String, CheckedProgram> e : program.imports().entrySet()) {
            out.add(word, e.getKey() + ".", "modules", "module " + e.getValue().moduleName(), false);
        }
        for (String module : session.stdlibModules()) {
            if (!program.imports().containsKey(module)) {
                out.add(word, module + ".", "stdlib modules", "stdlib module", false);
            }
        }
        for (FunctionInfo f : program.functions()) {
            out.add(word, f.name() + "(", "functions", "function", false);
        }
        for (Builtin b : Builtin.values()) {
            out.add(word, b.functionName() + "(", "functions", "built-in", false);
        }
        if (!word.isEmpty()) {
            units(program.units(), word, out);
            for (String k : Keywords.ALL) {
                out.add(word, k, "keywords", "", true);
            }
        }
    }

    /** A value as a candidate's description shows it: its text, its value, or its dimension when it has no value. */
    private static String describe(Scope scope, BindingInfo b) {
        if (b.isText()) {
            return "\"" + b.text() + "\"";
        }
        if (b.dimension() == null) {
            return "";
        }
        return scope.hasValue(b) ? scope.text(b) : b.owner().units().describe(b.dimension());
    }

    // ---- inside a template: "... {name:spec} ..." ------------------------------------------------

    /**
     * Where the name being typed inside a template's braces starts ({@code "{kv_r"} or
     * {@code "{=flo"}), or -1 if the cursor is not inside a string's placeholder.
     */
    static int placeholderStart(String before) {
        int i = before.length();
        while (i > 0 && (Character.isLetterOrDigit(before.charAt(i - 1)) || before.charAt(i - 1) == '_' || before.charAt(i - 1) == '.')) {
            i--;
        }
        int start = i;
        if (i > 0 && before.charAt(i - 1) == '=') {
            i--;
        }
        if (i == 0 || before.charAt(i - 1) != '{' || (i > 1 && before.charAt(i - 2) == '{')) {
            return -1;
        }
        return lexicalContext(before.substring(0, i - 1)) == STRING ? start : -1;
    }

    private static final int CODE = 0;
    private static final int STRING = 1;
    private static final int COMMENT = 2;

    /** Whether the end of {@code text} is in code, a string or a comment: quotes and triple quotes counted. */
    static int lexicalContext(String text) {
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '#') {
                int nl = text.indexOf('\n', i);
                if (nl < 0) {
                    return COMMENT;
                }
                i = nl + 1;
            } else if (text.startsWith("\"\"\"", i)) {
                int close = text.indexOf("\"\"\"", i + 3);
                if (close < 0) {
                    return STRING;
                }
                i = close + 3;
            } else if (c == '"') {
                int j = i + 1;
                while (j < n && text.charAt(j) != '"' && text.charAt(j) != '\n') {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                if (j >= n) {
                    return STRING;
                }
                i = j + 1;
            } else {
                i++;
            }
        }
        return CODE;
    }

    /** A template can show any value of the chain, above its group or below (a group's line shows its results). */
    private static Completions placeholder(Scope scope, String before, int start) {
        String word = before.substring(start);
        Builder out = new Builder();
        if (word.indexOf('.') >= 0) {
            qualified(scope, word, out);
            List<Candidate> values = new ArrayList<>();
            for (Candidate c : out.list()) {
                if (!c.value().endsWith("(")) {
                    values.add(c);
                }
            }
            return new Completions(start, values);
        }
        CheckedProgram program = scope.program();
        for (BindingInfo b : program.bindings()) {
            out.add(word, b.name(), "values", describe(scope, b), true);
        }
        for (Map.Entry<String, CheckedProgram> e : program.imports().entrySet()) {
            out.add(word, e.getKey() + ".", "modules", "module " + e.getValue().moduleName(), false);
        }
        return new Completions(start, out.list());
    }

    /** Every unit name, and each unit's symbol with every prefix it takes: GB, GiB, Gbit, TFLOP, ms, µs, us. */
    private static void units(UnitRegistry units, String word, Builder out) {
        for (Unit u : units.allUnits()) {
            String dimension = units.dimensionName(u.dimension());
            String description = dimension == null ? units.baseUnits(u.dimension()) : UnitRegistry.humanName(dimension);
            for (String name : u.names()) {
                out.add(word, name, "units", description, true);
            }
            for (Prefix p : Prefix.ALL) {
                if (u.accepts(p) && p != Prefix.MICRO_GREEK) {
                    for (String name : u.names()) {
                        out.add(word, p.symbol() + name, "units", description, true);
                    }
                }
            }
        }
    }

    /** Keeps candidates that extend the word, each value once. */
    private static final class Builder {
        private final Map<String, Candidate> byValue = new LinkedHashMap<>();

        void add(String word, String value, String group, String description, boolean complete) {
            add(word, value, group, description, complete, null);
        }

        void add(String word, String value, String group, String description, boolean complete, String suffix) {
            if (value.startsWith(word)) {
                byValue.putIfAbsent(value, new Candidate(value, group, description, complete, suffix));
            }
        }

        List<Candidate> list() {
            return new ArrayList<>(byValue.values());
        }
    }
}
