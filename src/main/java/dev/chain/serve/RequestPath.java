package dev.chain.serve;

import java.io.ByteArrayOutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;

/**
 * A request's path as chain serve reads it: {@code /} and a path of plain segments relative to
 * the site, each percent-decoded once. A path that could name something outside the site is
 * refused before anything is looked up: a {@code .} or {@code ..} segment, written or encoded
 * ({@code %2e%2e}), an encoded {@code /} or a backslash in a segment, an empty segment
 * ({@code //etc/passwd}, a path that a file system would read as absolute), a NUL, an escape that
 * is not UTF-8. A browser never sends any of them for a link of the site.
 */
final class RequestPath {
    private RequestPath() {}

    /** Thrown for a path that is refused: the server answers 400. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String why) {
            super(why, null, false, false);
        }
    }

    /**
     * The site-relative path of {@code raw} (the request's path as sent), segments joined by
     * {@code /}: empty for {@code /}, {@code cards/} keeps its trailing slash.
     */
    static String relative(String raw) throws Refused {
        if (raw == null || !raw.startsWith("/")) {
            throw new Refused("a path starts with /");
        }
        String[] segments = raw.substring(1).split("/", -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
            String segment = decode(segments[i]);
            boolean last = i == segments.length - 1;
            if (segment.isEmpty() && !last) {
                throw new Refused("an empty segment");
            }
            if (segment.equals(".") || segment.equals("..")) {
                throw new Refused("a . or .. segment");
            }
            for (int c = 0; c < segment.length(); c++) {
                char ch = segment.charAt(c);
                if (ch == '/' || ch == '\\' || ch == ':' || ch < 0x20 || ch == 0x7f) {
                    throw new Refused("a /, \\, : or control character in a segment");
                }
            }
            out.append(segment);
            if (!last) {
                out.append('/');
            }
        }
        return out.toString();
    }

    private static String decode(String segment) throws Refused {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c != '%') {
                byte[] plain = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(plain, 0, plain.length);
                continue;
            }
            if (i + 2 >= segment.length() || Character.digit(segment.charAt(i + 1), 16) < 0
                    || Character.digit(segment.charAt(i + 2), 16) < 0) {
                throw new Refused("a % that is not an escape");
            }
            bytes.write(Character.digit(segment.charAt(i + 1), 16) * 16 + Character.digit(segment.charAt(i + 2), 16));
            i += 2;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw new Refused("an escape that is not UTF-8");
        }
    }
}
