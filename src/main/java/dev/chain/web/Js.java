package dev.chain.web;

import org.teavm.jso.JSBody;
import org.teavm.jso.JSObject;

/**
 * Plain JavaScript objects and arrays, as the page's script ({@link PageScript}) and the practice
 * script ({@link PracticeScript}) hand their results to their DOM code. A class of its own: a class
 * with {@code @JSExport} methods that another script reaches brings them all into it. Compiled by
 * TeaVM only.
 */
final class Js {
    private Js() {}

    @JSBody(script = "return {};")
    static native JSObject object();

    @JSBody(script = "return [];")
    static native JSObject array();

    @JSBody(params = {"a", "v"}, script = "a.push(v);")
    static native void push(JSObject a, JSObject v);

    @JSBody(params = "s", script = "return s;")
    static native JSObject string(String s);

    @JSBody(params = {"o", "k", "v"}, script = "o[k] = v;")
    static native void set(JSObject o, String k, JSObject v);

    @JSBody(params = {"o", "k", "v"}, script = "o[k] = v;")
    static native void set(JSObject o, String k, String v);

    @JSBody(params = {"o", "k", "v"}, script = "o[k] = v;")
    static native void set(JSObject o, String k, boolean v);

    @JSBody(params = {"o", "k", "v"}, script = "o[k] = v;")
    static native void set(JSObject o, String k, double v);

    @JSBody(params = "n", script = "return n;")
    static native JSObject number(int n);
}
