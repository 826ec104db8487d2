package dev.chain.lsp;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.CompletionException;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.MessageIssueHandler;
import org.eclipse.lsp4j.jsonrpc.MessageProducer;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.json.ConcurrentMessageProcessor;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.jsonrpc.validation.ReflectiveMessageValidator;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * The server's connection to its editor: lsp4j's, with its reader replaced by {@link Frames}
 * (which never loses its place in the stream), the protocol's {@link Lifecycle} rules and lsp4j's
 * validation of what arrives (a request without its required fields is InvalidParams, not a
 * NullPointerException), and errors answered without a Java stack trace in their {@code data}
 * (lsp4j puts one there; chain writes it to standard error, and only with {@code --debug}).
 */
final class Connection extends Launcher.Builder<LanguageClient> {
    private final boolean debug;
    private MessageJsonHandler json;
    private RemoteEndpoint endpoint;

    private Connection(boolean debug) {
        this.debug = debug;
    }

    static Launcher<LanguageClient> create(LanguageServer server, InputStream in, OutputStream out, boolean debug) {
        Connection c = new Connection(debug);
        c.setLocalService(server).setRemoteInterface(LanguageClient.class).setInput(in).setOutput(out)
                .setExceptionHandler(c::error);
        return c.create();
    }

    @Override
    protected RemoteEndpoint createRemoteEndpoint(MessageJsonHandler jsonHandler) {
        json = jsonHandler;
        endpoint = super.createRemoteEndpoint(jsonHandler);
        return endpoint;
    }

    @Override
    protected ConcurrentMessageProcessor createMessageProcessor(MessageProducer reader, MessageConsumer consumer, LanguageClient client) {
        MessageIssueHandler answer = endpoint::handle;
        Frames frames = new Frames(input, json, answer, text -> client.logMessage(new MessageParams(MessageType.Warning, text)));
        return new ConcurrentMessageProcessor(frames, new Lifecycle(new ReflectiveMessageValidator(consumer), answer));
    }

    /** What a request that threw is answered: its own error, or an internal error that says so, without a stack trace. */
    private ResponseError error(Throwable thrown) {
        Throwable t = (thrown instanceof CompletionException || thrown instanceof InvocationTargetException)
                && thrown.getCause() != null ? thrown.getCause() : thrown;
        if (t instanceof ResponseErrorException e) {
            return e.getResponseError();
        }
        if (debug) {
            t.printStackTrace();
        }
        return new ResponseError(ResponseErrorCode.InternalError,
                "chain lsp: internal error: " + t + " (a bug in chain; the server goes on)", null);
    }
}
