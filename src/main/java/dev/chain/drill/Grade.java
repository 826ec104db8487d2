package dev.chain.drill;

import java.util.List;

/**
 * A step's answer graded: the answer and the right value (base units; for the learner's inputs),
 * the verdict, how the answer was read ({@code 15,050 us = 15.05 ms}), what the drill says, and
 * the causes it found for a wrong answer.
 */
public record Grade(Step step, Answer answer, double expected, Verdict verdict, String echo, String diagnosis,
                    List<Cause> causes) {
    public Grade {
        causes = List.copyOf(causes);
    }
}
