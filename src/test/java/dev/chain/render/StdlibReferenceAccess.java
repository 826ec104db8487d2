package dev.chain.render;

/** Test access to the reference page's escaping. */
public final class StdlibReferenceAccess {
    private StdlibReferenceAccess() {}

    public static String escape(String text) {
        return StdlibReference.escape(text);
    }
}
