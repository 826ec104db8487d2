package dev.chain.diag;

public enum Severity {
    ERROR("error"),
    WARNING("warning");

    private final String label;

    Severity(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
