package dev.chain.lsp;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.chain.session.ChainSources;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.messages.MessageIssue;
import org.eclipse.lsp4j.jsonrpc.MessageIssueException;
import org.eclipse.lsp4j.jsonrpc.MessageIssueHandler;
import org.eclipse.lsp4j.jsonrpc.MessageProducer;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.Message;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

/**
 * Reads the editor's messages: header lines, a blank line, then a body of Content-Length bytes,
 * which is read whole before it is parsed. lsp4j's own reader parses the body from the stream;
 * when the parser stopped early (a request whose params were a 16 KB array, a body cut short by a
 * Content-Length that was too small), the rest of that body was read as the next headers, and the
 * server never answered again. Here a body that does not parse is answered with a parse error (to
 * its id, when one can be read from it) and the next message is read from where it begins: a
 * header line with text before it (the end of a body its Content-Length said was shorter) is read
 * from its {@code Content-Length:}, and lines that are no header are skipped and reported.
 */
final class Frames implements MessageProducer, java.io.Closeable {
    /** A message larger than this is skipped, unread: twice the largest file chain reads, as JSON escapes it. */
    static final long MAX_BODY = 2 * ChainSources.MAX_FILE_BYTES + (1 << 20);
    /** A header line is kept to this length; past it, only its end (where a {@code Content-Length:} may follow junk). */
    private static final int MAX_LINE = 8192;
    private static final String CONTENT_LENGTH = "content-length:";

    private final InputStream in;
    private final MessageJsonHandler json;
    private final MessageIssueHandler issues;
    private final Consumer<String> log;
    private volatile boolean open = true;

    /** {@code issues} answers a message that cannot be handled; {@code log} tells the editor what was skipped. */
    Frames(InputStream in, MessageJsonHandler json, MessageIssueHandler issues, Consumer<String> log) {
        this.in = new java.io.BufferedInputStream(in); // the headers are read a byte at a time
        this.json = json;
        this.issues = issues;
        this.log = log;
    }

    @Override
    public void listen(MessageConsumer consumer) {
        try {
            for (byte[] body = next(); body != null && open; body = next()) {
                dispatch(new String(body, StandardCharsets.UTF_8), consumer);
            }
        } catch (IOException e) {
            // the input broke off: the end, as when it is closed
        }
    }

    @Override
    public void close() {
        open = false;
    }

    /** The next message's body; null at the end of the input. */
    private byte[] next() throws IOException {
        while (true) {
            long length = -1;
            boolean junk = false;
            for (String line = line(); ; line = line()) {
                if (line == null) {
                    return null;
                }
                if (line.isEmpty()) {
                    break;
                }
                int at = line.toLowerCase(Locale.ROOT).indexOf(CONTENT_LENGTH);
                if (at > 0) {
                    junk = true; // text before the header: the tail of a body that was longer than it said
                }
                if (at >= 0) {
                    length = length(line.substring(at + CONTENT_LENGTH.length()).trim());
                } else if (!header(line)) {
                    junk = true;
                }
            }
            if (junk) {
                log.accept("chain lsp: skipped input that was not a message's header; is a Content-Length"
                        + " the length of its body in bytes (of UTF-8)?");
            }
            if (length < 0) {
                if (!junk) {
                    log.accept("chain lsp: skipped a message without a valid Content-Length header");
                }
                continue;
            }
            if (length > MAX_BODY) {
                in.skipNBytes(length);
                log.accept("chain lsp: skipped a message of " + length + " bytes: the limit is " + MAX_BODY
                        + " (a chain file is read up to " + ChainSources.MAX_FILE_BYTES + " bytes)");
                continue;
            }
            byte[] body = in.readNBytes((int) length);
            return body.length == length ? body : null;
        }
    }

    /**
     * One header line without its line ending, or null at the end of the input. A line longer than
     * {@link #MAX_LINE} keeps its end: a header there is still found.
     */
    private String line() throws IOException {
        byte[] buffer = new byte[256];
        int n = 0;
        boolean any = false;
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                return any ? text(buffer, n) : null;
            }
            any = true;
            if (n == buffer.length) {
                if (n < MAX_LINE) {
                    buffer = java.util.Arrays.copyOf(buffer, n * 2);
                } else {
                    int keep = 64;
                    System.arraycopy(buffer, n - keep, buffer, 0, keep);
                    n = keep;
                }
            }
            buffer[n++] = (byte) c;
        }
        return text(buffer, n);
    }

    private static String text(byte[] buffer, int n) {
        int end = n > 0 && buffer[n - 1] == '\r' ? n - 1 : n;
        return new String(buffer, 0, end, StandardCharsets.ISO_8859_1);
    }

    /** A header field, {@code Name: value} (Content-Type, or one the protocol may add); Content-Length is read apart. */
    private static boolean header(String line) {
        int colon = line.indexOf(':');
        if (colon <= 0) {
            return false;
        }
        for (int i = 0; i < colon; i++) {
            char c = line.charAt(i);
            if (!(Character.isLetterOrDigit(c) && c < 128 || c == '-')) {
                return false;
            }
        }
        return true;
    }

    /** The length a Content-Length header gives; -1 if it is no length. */
    private static long length(String value) {
        if (value.isEmpty() || value.length() > 12) {
            return -1;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(value);
    }

    /** Parses one body and hands the message on; a body that cannot be parsed is answered, never fatal. */
    private void dispatch(String body, MessageConsumer consumer) {
        Message message;
        try {
            message = json.parseMessage(body);
        } catch (MessageIssueException e) {
            refuse(e.getRpcMessage(), body, e.getIssues());
            return;
        } catch (RuntimeException e) { // malformed JSON that lsp4j did not read an id from (Gson's exceptions)
            RequestMessage unparsed = new RequestMessage();
            Either<String, Number> id = idOf(body);
            if (id != null) {
                unparsed.setRawId(id);
            }
            refuse(unparsed, body, List.of(new MessageIssue("Message could not be parsed", ResponseErrorCode.ParseError.getValue(), e)));
            return;
        }
        if (message == null) {
            log.accept("chain lsp: skipped an empty message");
            return;
        }
        try {
            consumer.consume(message);
        } catch (MessageIssueException e) {
            refuse(e.getRpcMessage(), body, e.getIssues());
        }
    }

    /**
     * Answers a message that cannot be handled, each issue with what caused it (the first line of
     * its message, not the exception, whose stack trace lsp4j would send); if the body is not even
     * JSON, with what usually causes that.
     */
    private void refuse(Message message, String body, List<MessageIssue> found) {
        String hint = json(body) ? "" : " (a message cut short: is its Content-Length, "
                + body.getBytes(StandardCharsets.UTF_8).length + ", the length of its body in bytes of UTF-8?)";
        issues.handle(message, found.stream().map(i -> new MessageIssue(i.getCause() == null ? i.getText() + hint
                : i.getText().replaceFirst("\\.$", "") + ": " + firstLine(i.getCause()) + hint, i.getIssueCode())).toList());
    }

    private static boolean json(String body) {
        try {
            com.google.gson.JsonParser.parseString(body);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * The {@code id} of a request whose body does not parse, read up to where it stops parsing (a
     * body cut short still names its id near the start); null if there is none before that.
     */
    private static Either<String, Number> idOf(String body) {
        try (JsonReader reader = new JsonReader(new StringReader(body))) {
            reader.beginObject();
            while (reader.hasNext()) {
                if (!reader.nextName().equals("id")) {
                    reader.skipValue();
                } else if (reader.peek() == JsonToken.NUMBER) {
                    return Either.forRight(reader.nextInt());
                } else if (reader.peek() == JsonToken.STRING) {
                    return Either.forLeft(reader.nextString());
                } else {
                    return null;
                }
            }
        } catch (IOException | RuntimeException e) {
            // it stops parsing before an id
        }
        return null;
    }

    /** The first line of what {@code t} says, without the names of the exceptions that wrapped it. */
    static String firstLine(Throwable t) {
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int newline = message.indexOf('\n');
        message = newline < 0 ? message : message.substring(0, newline);
        return message.replaceFirst("^([a-z][a-z0-9_]*\\.)+[A-Za-z0-9_$]*(Exception|Error): ", "");
    }
}
