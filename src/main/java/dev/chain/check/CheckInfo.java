package dev.chain.check;

import dev.chain.ast.Stmt;
import dev.chain.units.Dimension;

/**
 * A checked {@code check} statement. {@code dimension} is that of the values compared;
 * {@code relativeTolerance} tells whether {@code within} gave a fraction (1%) or an amount (0.1 ms).
 */
public record CheckInfo(Stmt.Check decl, Dimension dimension, boolean relativeTolerance, Stmt.Group group, int index) {}
