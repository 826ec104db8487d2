package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Test;

/** The standalone page's tables are what a CommonMark renderer with tables makes of the Markdown page's. */
class FigureHtmlTest {
    private static final List<org.commonmark.Extension> TABLES = List.of(TablesExtension.create());

    private static String commonMark(String markdown) {
        return HtmlRenderer.builder().extensions(TABLES).build().render(Parser.builder().extensions(TABLES).build().parse(markdown));
    }

    @Test
    void everyTableOfTheFiguresGoldenPageIsCommonMarksHtml() throws IOException {
        String page = Files.readString(Path.of("src/test/resources/golden/figures/tables.md"));
        List<String> figures = new ArrayList<>();
        // A table figure: its title's paragraph, a blank line, and the table's rows.
        String[] lines = page.split("\n");
        for (int i = 0; i + 2 < lines.length; i++) {
            if (!lines[i].isEmpty() && !lines[i].startsWith("|") && lines[i + 1].isEmpty() && lines[i + 2].startsWith("|")) {
                StringBuilder figure = new StringBuilder(lines[i]).append("\n\n");
                for (int j = i + 2; j < lines.length && lines[j].startsWith("|"); j++) {
                    figure.append(lines[j]).append('\n');
                }
                figures.add(figure.toString());
            }
        }
        assertEquals(5, figures.size(), "the golden page's tables");
        for (String figure : figures) {
            assertEquals(commonMark(figure), FigureHtml.table(figure), figure);
        }
    }

    @Test
    void escapesAreUndoneAndPipesInACellStayInIt() {
        String figure = "A \\*title\\* with \\| and &amp;\n\n| value \\| unit | n |\n|:---|---:|\n| a\\_b \\\\ | 1 |\n";
        assertEquals(commonMark(figure), FigureHtml.table(figure));
    }
}
