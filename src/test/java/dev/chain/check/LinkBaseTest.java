package dev.chain.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A link base is a web address or a relative path: no scheme that runs something in a browser. */
class LinkBaseTest {
    @ParameterizedTest
    @ValueSource(strings = {"/", "", "https://study.example.com/", "HTTP://example.com", "http:relative", "../{section}/{slug}.html",
            "//cdn.example.com/", "site/", "?page=", "#top", "/a:b", "{section}/{slug}"})
    void webAndRelativeLinksAreUsed(String base) {
        assertNull(LinkBase.refusal(base));
    }

    @ParameterizedTest
    @ValueSource(strings = {"javascript:alert(1)//", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>",
            "vbscript:x", " javascript:alert(1)", "java\tscript:alert(1)", "file:///etc/passwd", "mailto:a@example.com",
            "{slug}:x", "\\\\javascript:alert(1)"})
    void anyOtherSchemeIsRefused(String base) {
        assertNotNull(LinkBase.refusal(base));
    }

    @ParameterizedTest
    @ValueSource(strings = {"javascript:alert(1)//"})
    void theRefusalNamesTheScheme(String base) {
        assertEquals("a link base is an http: or https: address or a relative path (such as / or ../), not `javascript:`",
                LinkBase.refusal(base));
    }
}
