package dev.chain.observe;

import java.util.ArrayList;
import java.util.List;

/**
 * A measurement that cannot be read: no such file, a format chain does not know, a key the file
 * lacks, a value that is not a number. It says which part of the source is wrong ({@link Part}),
 * so that the diagnostic's caret stands under the file or the key as written.
 */
public final class ObserveError extends Exception {
    private static final long serialVersionUID = 1L;

    /** The part of {@code FILE#KEY} at fault. */
    public enum Part { FILE, KEY }

    private final Part part;
    private final String hint;
    private final List<String> notes;

    ObserveError(Part part, String message, String hint, List<String> notes) {
        super(message, null, false, false);
        this.part = part;
        this.hint = hint;
        this.notes = List.copyOf(notes);
    }

    static ObserveError file(String message, String hint) {
        return new ObserveError(Part.FILE, message, hint, List.of());
    }

    static ObserveError key(String message, String hint) {
        return new ObserveError(Part.KEY, message, hint, List.of());
    }

    ObserveError withNote(String note) {
        List<String> more = new ArrayList<>(notes);
        more.add(note);
        return new ObserveError(part, getMessage(), hint, more);
    }

    public Part part() {
        return part;
    }

    /** How to fix it, or null. */
    public String hint() {
        return hint;
    }

    public List<String> notes() {
        return notes;
    }
}
