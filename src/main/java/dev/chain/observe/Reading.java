package dev.chain.observe;

/**
 * One number read from a benchmark's result file, in the unit its format writes it in.
 *
 * @param value  the number as the file has it (a histogram's estimate, a list's statistic)
 * @param unit   the unit as chain writes it ({@code ms}, {@code token/s}, {@code request}; empty for
 *               a plain number), from the format's own rules, never guessed from the value
 * @param format the format's name, as messages say it ({@code vLLM bench serve result})
 */
public record Reading(double value, String unit, String format) {}
