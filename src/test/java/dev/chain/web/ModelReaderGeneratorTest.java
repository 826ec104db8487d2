package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build step that writes the page's model reader (src/build/ModelReaderGenerator.java, compiled
 * by the build into target/build-classes), run by javac on a model of its own: a new kind of a
 * sealed interface is read with no edit anywhere, and a kind or a component the page cannot read
 * fails the compile, at its source, instead of the page at run time. The real model's reader is
 * held by PageTest, which reads every chain's model back and writes the same text.
 */
class ModelReaderGeneratorTest {
    private static final String READING = """
            package dev.chain.web;
            interface Tree {}
            abstract class ModelReading {
                abstract Shape shape(Tree t);
                static String string(Tree t) { return null; }
                static double number(Tree t) { return 0; }
            }
            """;

    @TempDir
    Path generated;

    @Test
    void aNewKindIsReadWithNoEditToTheReader() throws IOException {
        List<Diagnostic<? extends JavaFileObject>> problems = generate(Map.of("Shape", """
                package dev.chain.web;
                sealed interface Shape permits Circle, Square {}
                record Circle(double radius) implements Shape {}
                record Square(double side, String name, java.util.List<Shape> inside) implements Shape {}
                """));
        assertEquals(List.of(), problems);
        String reader = Files.readString(generated.resolve("dev/chain/web/ModelReader.java"));
        assertTrue(reader.contains("            case \"Square\":\n                return square(t);\n"), reader);
        assertTrue(reader.contains("        return new dev.chain.web.Square(number(need(t, \"side\")),\n"
                + "                string(optional(t, \"name\")),\n"
                + "                listOfShape(optional(t, \"inside\")));\n"), reader);
        assertTrue(reader.contains("            out.add(shape(t.at(i)));\n"), reader);
    }

    @Test
    void aKindThatIsNoRecordFailsTheBuildAtItsClass() {
        List<Diagnostic<? extends JavaFileObject>> problems = generate(Map.of("Shape", """
                package dev.chain.web;
                sealed interface Shape permits Circle, Blob {}
                record Circle(double radius) implements Shape {}
                final class Blob implements Shape {}
                """));
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("the explorable page cannot read this: dev.chain.web.Blob, a kind of dev.chain.web.Shape, is neither a record"
                + " nor a sealed interface", problems.get(0).getMessage(null));
        assertEquals(4, problems.get(0).getLineNumber());
    }

    @Test
    void aComponentOfATypeThePageCannotReadFailsTheBuildAtTheComponent() {
        List<Diagnostic<? extends JavaFileObject>> problems = generate(Map.of("Shape", """
                package dev.chain.web;
                sealed interface Shape permits Circle {}
                record Circle(double radius,
                        java.util.Map<String, Double> labels) implements Shape {}
                """));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).getMessage(null).startsWith("the explorable page cannot read this: Circle.labels, a java.util.Map<java.lang.String,"
                + "java.lang.Double> (not a record"), problems.get(0).getMessage(null));
        assertEquals(4, problems.get(0).getLineNumber());
        assertFalse(Files.exists(generated.resolve("dev/chain/web/ModelReader.java")));
    }

    /** The errors of running the generator alone (javac -proc:only) over ModelReading's stand-in and {@code sources}. */
    private List<Diagnostic<? extends JavaFileObject>> generate(Map<String, String> sources) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<JavaFileObject> files = new ArrayList<>(List.of(source("ModelReading", READING)));
        sources.forEach((name, text) -> files.add(source(name, text)));
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<String> options = List.of("-proc:only", "-processorpath", "target/build-classes", "-processor", "ModelReaderGenerator",
                "-s", generated.toString());
        javac.getTask(null, null, diagnostics, options, null, files).call();
        return diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
    }

    private static JavaFileObject source(String name, String text) {
        return new SimpleJavaFileObject(URI.create("string:///dev/chain/web/" + name + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        };
    }
}
