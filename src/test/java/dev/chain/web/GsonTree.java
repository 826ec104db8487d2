package dev.chain.web;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;

/** A page model's JSON on the JVM, for the tests: what the page's {@link JsTree} is in the browser. */
final class GsonTree implements Tree {
    private final JsonElement value;

    private GsonTree(JsonElement value) {
        this.value = value;
    }

    static Tree parse(String json) {
        return new GsonTree(JsonParser.parseString(json));
    }

    /** The page of a chain's model, as the page's script reads it. */
    static Page page(String json) {
        return Page.read(parse(json));
    }

    private static Tree of(JsonElement e) {
        return e == null || e.isJsonNull() ? null : new GsonTree(e);
    }

    @Override
    public boolean has(String key) {
        return value.getAsJsonObject().has(key);
    }

    @Override
    public Tree get(String key) {
        return of(value.getAsJsonObject().get(key));
    }

    @Override
    public int size() {
        return value.getAsJsonArray().size();
    }

    @Override
    public Tree at(int index) {
        return of(value.getAsJsonArray().get(index));
    }

    @Override
    public String string() {
        return value.getAsString();
    }

    @Override
    public double number() {
        String s = value.getAsString();
        return switch (s) {
            case "NaN" -> Double.NaN;
            case "Infinity" -> Double.POSITIVE_INFINITY;
            case "-Infinity" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(s);
        };
    }

    @Override
    public boolean bool() {
        return value.getAsBoolean();
    }
}
