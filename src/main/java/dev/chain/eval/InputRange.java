package dev.chain.eval;

/** An input known only to lie in a range: its slot and the range's ends, in base units. */
public record InputRange(int slot, double low, double high) {}
