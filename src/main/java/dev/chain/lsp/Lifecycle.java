package dev.chain.lsp;

import java.util.List;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.messages.MessageIssue;
import org.eclipse.lsp4j.jsonrpc.MessageIssueHandler;
import org.eclipse.lsp4j.jsonrpc.messages.Message;
import org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

/**
 * The protocol's rules for a server's life, which lsp4j leaves to the server: until
 * {@code initialize}, a request is answered with ServerNotInitialized (-32002) and a notification
 * dropped; {@code initialize} comes once; after {@code shutdown}, a request is an InvalidRequest
 * (-32600) and only {@code exit} is heard; a request whose method starts with {@code $/} (the
 * protocol's own, all of them notifications) is a MethodNotFound (-32601), as the specification
 * asks, where lsp4j answered it with a null result. Messages arrive here one at a time, in order,
 * on the thread that reads them.
 */
final class Lifecycle implements MessageConsumer {
    private enum State { STARTED, INITIALIZED, SHUT_DOWN }

    private final MessageConsumer next;
    private final MessageIssueHandler refuse;
    private State state = State.STARTED;

    /** {@code next} gets what is allowed; {@code refuse} answers a request that is not. */
    Lifecycle(MessageConsumer next, MessageIssueHandler refuse) {
        this.next = next;
        this.refuse = refuse;
    }

    @Override
    public void consume(Message message) {
        if (message instanceof RequestMessage request) {
            String method = request.getMethod() == null ? "" : request.getMethod();
            if (state == State.SHUT_DOWN) {
                refuse(request, ResponseErrorCode.InvalidRequest, "the server was shut down: only exit may follow");
            } else if (method.equals("initialize") && state != State.STARTED) {
                refuse(request, ResponseErrorCode.InvalidRequest, "initialize was already received: a server is initialized once");
            } else if (state == State.STARTED && !method.equals("initialize")) {
                refuse(request, ResponseErrorCode.ServerNotInitialized, "the server is not initialized: initialize comes first");
            } else if (method.startsWith("$/")) {
                refuse(request, ResponseErrorCode.MethodNotFound, "no such request: " + method);
            } else {
                if (method.equals("initialize")) {
                    state = State.INITIALIZED;
                } else if (method.equals("shutdown")) {
                    state = State.SHUT_DOWN;
                }
                next.consume(message);
            }
        } else if (message instanceof NotificationMessage notification
                && state != State.INITIALIZED && !"exit".equals(notification.getMethod())) {
            // before initialize, or after shutdown: dropped, as the protocol says
        } else {
            next.consume(message); // a notification, or the editor's answer to a request of ours
        }
    }

    private void refuse(RequestMessage request, ResponseErrorCode code, String why) {
        refuse.handle(request, List.of(new MessageIssue(why, code.getValue())));
    }
}
