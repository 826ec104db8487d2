package dev.chain.session.repl;

import dev.chain.check.Builtin;
import dev.chain.check.CheckedProgram;
import dev.chain.syntax.Lexemes;
import java.util.ArrayList;
import java.util.List;

/**
 * How a line reads, for syntax highlighting: the lexer finds the words, the session says what
 * each name is (a unit, a value, a module, a function). A front end maps kinds to colours.
 */
public final class Highlights {
    private Highlights() {}

    public enum Kind { COMMAND, KEYWORD, NUMBER, UNIT, VALUE, MODULE, FUNCTION, STRING, COMMENT, ANNOTATION, UNKNOWN, ERROR }

    /** [start, end) of the buffer, in chars. Text not covered is plain. */
    public record Highlight(int start, int end, Kind kind) {}

    static List<Highlight> of(ReplSession session, String buffer) {
        List<Highlight> out = new ArrayList<>();
        String lead = buffer.stripLeading();
        int offset = buffer.length() - lead.length();
        if (lead.startsWith(":")) {
            int end = offset;
            while (end < buffer.length() && !Character.isWhitespace(buffer.charAt(end))) {
                end++;
            }
            Command command = Command.named(buffer.substring(offset + 1, end));
            out.add(new Highlight(offset, end, command == null ? Kind.ERROR : Kind.COMMAND));
            if (command == Command.DIM) {
                expression(session, buffer, end, out);
            } else if (command == Command.SET && buffer.indexOf('=', end) >= 0) {
                expression(session, buffer, buffer.indexOf('=', end) + 1, out);
            }
            return out;
        }
        expression(session, buffer, 0, out);
        return out;
    }

    private static void expression(ReplSession session, String buffer, int from, List<Highlight> out) {
        String text = buffer.substring(from);
        CheckedProgram program = session.program();
        for (Lexemes.Lexeme l : Lexemes.of(text)) {
            Kind kind = switch (l.kind()) {
                case KEYWORD -> Kind.KEYWORD;
                case NUMBER -> Kind.NUMBER;
                case STRING -> Kind.STRING;
                case COMMENT -> Kind.COMMENT;
                case ANNOTATION -> Kind.ANNOTATION;
                case FORMAT -> Kind.UNIT;
                case ERROR -> Kind.ERROR;
                case NAME -> name(session, program, text, l);
                default -> null;
            };
            if (kind != null) {
                out.add(new Highlight(from + l.start(), from + l.end(), kind));
            }
        }
    }

    private static Kind name(ReplSession session, CheckedProgram program, String text, Lexemes.Lexeme l) {
        String word = text.substring(l.start(), l.end());
        boolean member = l.start() > 0 && text.charAt(l.start() - 1) == '.';
        boolean qualifier = l.end() < text.length() && text.charAt(l.end()) == '.';
        int next = l.end();
        while (next < text.length() && text.charAt(next) == ' ') {
            next++;
        }
        boolean call = next < text.length() && text.charAt(next) == '(';
        if (member) {
            return call ? Kind.FUNCTION : Kind.VALUE;
        }
        if (qualifier) {
            return program.imports().containsKey(word) || session.stdlibModules().contains(word) ? Kind.MODULE : Kind.UNKNOWN;
        }
        if (call && (Builtin.named(word) != null || program.function(word) != null)) {
            return Kind.FUNCTION;
        }
        if (program.binding(word) != null || word.equals(ReplSession.LAST_VALUE)) {
            return Kind.VALUE;
        }
        if (program.units().resolve(word) != null) {
            return Kind.UNIT;
        }
        return Kind.UNKNOWN;
    }
}
