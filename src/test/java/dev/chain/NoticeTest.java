package dev.chain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The root NOTICE is what the build writes from the bundled dependencies' own POMs
 * (target/notice/NOTICE, pom.xml's execution "notice"): a dependency added, removed or upgraded
 * shows in NOTICE's diff. {@code -Dgolden.update=true} copies the build's over it.
 */
class NoticeTest {
    @Test
    void theRootNoticeIsTheOneTheBuildWrites() throws IOException {
        String built = Files.readString(Path.of("target/notice/NOTICE"), StandardCharsets.UTF_8);
        Golden.assertMatches(Path.of("NOTICE").toAbsolutePath(), built);
    }
}
