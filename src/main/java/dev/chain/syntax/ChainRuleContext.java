package dev.chain.syntax;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * The superclass of every generated parse-tree node (the grammar's {@code contextSuperClass}).
 * ANTLR's own starts each node's child list at ten entries and finds children with iterators;
 * a statement has some thirty nodes of one to three children each, so at a million statements
 * that was gigabytes of garbage. Same behaviour, sized to the tree this grammar builds.
 */
public class ChainRuleContext extends ParserRuleContext {
    public ChainRuleContext() {}

    public ChainRuleContext(ParserRuleContext parent, int invokingStateNumber) {
        super(parent, invokingStateNumber);
    }

    @Override
    public <T extends ParseTree> T addAnyChild(T t) {
        if (children == null) {
            children = new ArrayList<>(3);
        }
        children.add(t);
        return t;
    }

    @Override
    public <T extends ParseTree> T getChild(Class<? extends T> type, int i) {
        if (children == null || i < 0) {
            return null;
        }
        int seen = -1;
        for (int k = 0, n = children.size(); k < n; k++) {
            ParseTree child = children.get(k);
            if (type.isInstance(child) && ++seen == i) {
                return type.cast(child);
            }
        }
        return null;
    }

    @Override
    public TerminalNode getToken(int type, int i) {
        if (children == null || i < 0) {
            return null;
        }
        int seen = -1;
        for (int k = 0, n = children.size(); k < n; k++) {
            if (children.get(k) instanceof TerminalNode node && node.getSymbol().getType() == type && ++seen == i) {
                return node;
            }
        }
        return null;
    }

    @Override
    public List<TerminalNode> getTokens(int type) {
        List<TerminalNode> tokens = new ArrayList<>(2);
        if (children != null) {
            for (int k = 0, n = children.size(); k < n; k++) {
                if (children.get(k) instanceof TerminalNode node && node.getSymbol().getType() == type) {
                    tokens.add(node);
                }
            }
        }
        return tokens;
    }

    @Override
    public <T extends ParserRuleContext> List<T> getRuleContexts(Class<? extends T> type) {
        List<T> contexts = new ArrayList<>(2);
        if (children != null) {
            for (int k = 0, n = children.size(); k < n; k++) {
                ParseTree child = children.get(k);
                if (type.isInstance(child)) {
                    contexts.add(type.cast(child));
                }
            }
        }
        return contexts;
    }
}
