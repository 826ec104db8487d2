package dev.chain.web;

import org.teavm.jso.JSBody;
import org.teavm.jso.JSObject;

/** A JSON value in the page: what the browser's {@code JSON.parse} made of the model. Compiled by TeaVM only. */
final class JsTree implements Tree {
    private final JSObject value;

    private JsTree(JSObject value) {
        this.value = value;
    }

    static Tree parse(String json) {
        return new JsTree(parseJson(json));
    }

    /** A value the page's script already holds, such as the practice models their file handed over. */
    static Tree of(JSObject value) {
        return new JsTree(value);
    }

    @Override
    public boolean has(String key) {
        return hasOwn(value, key);
    }

    @Override
    public Tree get(String key) {
        JSObject member = member(value, key);
        return isNull(member) ? null : new JsTree(member);
    }

    @Override
    public int size() {
        return length(value);
    }

    @Override
    public Tree at(int index) {
        JSObject item = item(value, index);
        return isNull(item) ? null : new JsTree(item);
    }

    @Override
    public String string() {
        return text(value);
    }

    @Override
    public double number() {
        return toNumber(value);
    }

    @Override
    public boolean bool() {
        return truth(value);
    }

    @JSBody(params = "json", script = "return JSON.parse(json);")
    private static native JSObject parseJson(String json);

    // Own properties only: a member named like Object.prototype's (constructor, toString) is not the model's.
    @JSBody(params = {"o", "k"}, script = "return Object.prototype.hasOwnProperty.call(o, k) ? o[k] : null;")
    private static native JSObject member(JSObject o, String k);

    @JSBody(params = {"o", "k"}, script = "return Object.prototype.hasOwnProperty.call(o, k);")
    private static native boolean hasOwn(JSObject o, String k);

    @JSBody(params = "o", script = "return o === null || o === undefined;")
    private static native boolean isNull(JSObject o);

    @JSBody(params = "o", script = "return o.length;")
    private static native int length(JSObject o);

    @JSBody(params = {"o", "i"}, script = "return o[i];")
    private static native JSObject item(JSObject o, int i);

    @JSBody(params = "o", script = "return String(o);")
    private static native String text(JSObject o);

    @JSBody(params = "o", script = "return Number(o);")
    private static native double toNumber(JSObject o);

    @JSBody(params = "o", script = "return o === true;")
    private static native boolean truth(JSObject o);
}
