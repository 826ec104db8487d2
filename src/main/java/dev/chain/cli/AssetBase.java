package dev.chain.cli;

import dev.chain.check.LinkBase;

/**
 * Which {@code --asset-base} a page may use: as a link base, an {@code http:} or {@code https:}
 * address or a relative path (an image or script from another scheme would run or open something
 * in the reader's browser), and, being the start of a path that the page's image lines and script
 * tag complete, only the characters of a plain path: no query or fragment, which would swallow the
 * file's name, and no brace, quote or space, which a template engine or the tag's attribute would
 * read.
 */
final class AssetBase {
    private AssetBase() {}

    /** Why {@code base} may not be used, or null if it may (empty: beside the page). */
    static String refusal(String base) {
        if (LinkBase.refusal(base) != null) {
            return "an asset base is an http: or https: address or a relative path (such as ../ or /cards/)";
        }
        for (int i = 0; i < base.length(); i++) {
            char c = base.charAt(i);
            boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~/:%@+".indexOf(c) >= 0;
            if (!plain) {
                return "an asset base is a path that the files' names complete: letters, digits and - . _ ~ / : % @ +"
                        + " only, not `" + (c < 0x21 || c >= 0x7f ? String.format("\\u%04x", (int) c) : String.valueOf(c)) + "`";
            }
        }
        return null;
    }
}
