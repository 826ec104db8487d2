package dev.chain.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Chain text in Markdown: shown as written, never as HTML or as Markdown it did not mean. */
class MarkdownTest {
    @Test
    void htmlBecomesEntities() {
        assertEquals("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more", Markdown.inline("<script>alert(1)</script> & more"));
    }

    @Test
    void markdownPunctuationIsEscapedOnlyWhereItWouldMeanSomething() {
        assertEquals("one max_model_len sequence", Markdown.inline("one max_model_len sequence"));
        // Between letters of any script, as CommonMark reads an underscore inside a word: no emphasis.
        assertEquals("партия_размер and λ_1", Markdown.inline("партия_размер and λ_1"));
        assertEquals("\\_emphasis\\_ and \\*strong\\* and \\[link\\](x) and \\`code\\`",
                Markdown.inline("_emphasis_ and *strong* and [link](x) and `code`"));
        assertEquals("\"Fits\" means weights", Markdown.inline("\"Fits\" means weights"));
    }

    @Test
    void whatWouldStartABlockIsEscaped() {
        assertEquals("\\# not a heading", Markdown.inline("# not a heading"));
        assertEquals("\\- not a list", Markdown.inline("- not a list"));
        assertEquals("1\\. not a list", Markdown.inline("1. not a list"));
        assertEquals("12 items. fine", Markdown.inline("12 items. fine"));
    }

    /** In a page a control character is invisible, and printed by `cat page.md` it drives the terminal. */
    @Test
    void controlCharactersAreShownAsTheirEscapes() {
        assertEquals("T\\\\u001b\\]0;x\\\\u0007 and \\\\u009b", Markdown.inline("T\u001b]0;x\u0007 and \u009b"));
        assertEquals("```text\nclear\\u001b[2J\n```\n", Markdown.codeBlock(List.of("clear\u001b[2J")));
        String html = org.commonmark.renderer.html.HtmlRenderer.builder().build()
                .render(org.commonmark.parser.Parser.builder().build().parse(Markdown.inline("T\u001b]0;x\u0007")));
        assertEquals("<p>T\\u001b]0;x\\u0007</p>\n", html, "the reader sees the escape");
        assertEquals("\"a\\x1B\\x9B\"", FrontMatter.quote("a\u001b\u009b"));
    }

    @Test
    void aBraceThatWouldOpenATemplateTagIsAnEntity() {
        assertEquals("&#123;{ site.title }} &#123;% include x %} &#123;# c #} {x} {", Markdown.inline("{{ site.title }} {% include x %} {# c #} {x} {"));
        assertEquals("&#123;&#123;{ x }}}", Markdown.inline("{{{ x }}}"));
        assertEquals("\\# C&#123;\\# x", Markdown.headingText("# C{# x"));
        assertEquals("```text\n{\u2060{ x }} {\u2060% y %} {z}\n```\n", Markdown.codeBlock(List.of("{{ x }} {% y %} {z}")));
        assertEquals("\"\\x7B{ x }} {y}\"", FrontMatter.quote("{{ x }} {y}"));
    }

    @Test
    void aHeadingCannotBeClosedEarly() {
        assertEquals("C\\# and F\\#", Markdown.headingText("C# and F#"));
    }

    @Test
    void aFenceIsLongerThanAnyRunOfBackticksInside() {
        assertEquals("```text\na\n```\n", Markdown.codeBlock(List.of("a")));
        assertEquals("````text\n```\n````\n", Markdown.codeBlock(List.of("```")));
    }

    @Test
    void linkDestinationsArePercentEncodedWhereMarkdownNeedsIt() {
        assertEquals("[Bad ITL](/drills/bad-itl/)", Markdown.link("Bad ITL", "/drills/bad-itl/"));
        assertEquals("[a](/x%20y%28z%29%3Cb%3E)", Markdown.link("a", "/x y(z)<b>"));
        assertEquals("[a](/%C3%A9)", Markdown.link("a", "/é"));
    }

    @Test
    void slugs() {
        assertEquals("ttft-jumped-after-a-template-deploy", Links.slug("TTFT jumped after a template deploy", Links.SlugRule.kebab));
        assertEquals("benchmark-2x-production-10", Links.slug("Benchmark 2x, production 10%", Links.SlugRule.kebab));
        assertEquals("vllm_startup_oom_walkthrough", Links.slug("vLLM startup OOM walkthrough", Links.SlugRule.snake));
        assertEquals("cafe-creme", Links.slug("Café crème", Links.SlugRule.kebab));
        assertEquals("untitled", Links.slug("???", Links.SlugRule.kebab));
    }

    @Test
    void linksFromABaseOrAPattern() {
        assertEquals("/drills/bad-itl-with-fine-ttft/", Links.defaults().drill("Bad ITL with fine TTFT"));
        assertEquals("/cards/implementation-coding-chains/", Links.defaults().card("Implementation Coding Chains"));
        assertEquals("https://study.example.com/drills/bad-itl/",
                new Links("https://study.example.com", Links.SlugRule.kebab).drill("Bad ITL"));
        assertEquals("../cards/next_card.html",
                new Links("../{section}/{slug}.html", Links.SlugRule.snake).card("Next card"));
    }

    @Test
    void frontMatterQuotesItsStrings() {
        assertEquals("\"a \\\"quoted\\\" \\\\ title\"", FrontMatter.quote("a \"quoted\" \\ title"));
        assertEquals("---\ntitle: \"T: x\"\nchains: 8\ndrills:\n  - \"a\"\n---\n\n",
                new FrontMatter().put("title", "T: x").put("chains", 8).put("drills", List.of("a")).put("next", (String) null).end());
    }
}
