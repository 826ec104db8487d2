package dev.chain.repl;

import dev.chain.session.repl.Completions;
import java.util.List;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/** Offers the session's completions, grouped (values, modules, units, ...) and described. */
final class ReplCompleter implements Completer {
    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        if (!(line instanceof ReplParser.Word word)) {
            return;
        }
        for (Completions.Candidate c : word.completions().candidates()) {
            String description = c.description() == null || c.description().isEmpty() ? null : c.description();
            candidates.add(new Candidate(c.value(), c.value(), c.group(), description, c.suffix(), null, c.complete()));
        }
    }
}
