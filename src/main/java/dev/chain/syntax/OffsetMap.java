package dev.chain.syntax;

import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import org.antlr.v4.runtime.Token;

/**
 * ANTLR counts positions in code points; Java strings (and so spans) count UTF-16 chars. The two
 * agree unless the text holds characters outside the Basic Multilingual Plane, which is rare, so the
 * translation table is only built when it is needed.
 */
final class OffsetMap {
    private final SourceFile source;
    private final int[] charOffsetOfCodePoint;

    OffsetMap(SourceFile source) {
        this.source = source;
        String text = source.text();
        int codePoints = text.codePointCount(0, text.length());
        if (codePoints == text.length()) {
            charOffsetOfCodePoint = null;
        } else {
            charOffsetOfCodePoint = new int[codePoints + 1];
            int cp = 0;
            for (int i = 0; i < text.length(); i = text.offsetByCodePoints(i, 1)) {
                charOffsetOfCodePoint[cp++] = i;
            }
            charOffsetOfCodePoint[cp] = text.length();
        }
    }

    int charOffset(int codePointIndex) {
        if (charOffsetOfCodePoint == null) {
            return codePointIndex;
        }
        return charOffsetOfCodePoint[Math.max(0, Math.min(codePointIndex, charOffsetOfCodePoint.length - 1))];
    }

    Span span(Token token) {
        if (token.getType() == Token.EOF) {
            int end = source.text().length();
            return new Span(source, end, end);
        }
        return new Span(source, charOffset(token.getStartIndex()), charOffset(token.getStopIndex() + 1));
    }

    Span span(Token first, Token last) {
        if (last == null || last.getType() == Token.EOF || last.getStopIndex() < first.getStartIndex()) {
            return span(first);
        }
        return new Span(source, charOffset(first.getStartIndex()), charOffset(last.getStopIndex() + 1));
    }
}
