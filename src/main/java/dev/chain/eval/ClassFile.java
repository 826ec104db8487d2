package dev.chain.eval;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough of the JVM class-file format to emit straight-line arithmetic: a constant pool,
 * methods with a Code attribute, and the handful of instructions {@link BytecodeCompiler} uses.
 * Methods have no branches, so no StackMapTable is needed.
 */
final class ClassFile {
    private static final int JAVA_17 = 61;

    private final ByteArrayOutputStream pool = new ByteArrayOutputStream();
    private final DataOutputStream poolOut = new DataOutputStream(pool);
    private final Map<String, Integer> poolIndex = new HashMap<>();
    private int poolCount = 1;
    private final List<byte[]> methods = new ArrayList<>();
    private final int thisClass;
    private final int superClass;
    private final int[] interfaces;

    ClassFile(String name, String superName, String... interfaceNames) {
        thisClass = classRef(name);
        superClass = classRef(superName);
        interfaces = new int[interfaceNames.length];
        for (int i = 0; i < interfaceNames.length; i++) {
            interfaces[i] = classRef(interfaceNames[i]);
        }
    }

    /** Constant pool entries are shared by key; doubles take two slots, as the format says. */
    private int entry(String key, int slots, IoWriter writer) {
        Integer existing = poolIndex.get(key);
        if (existing != null) {
            return existing;
        }
        try {
            writer.write(poolOut);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int index = poolCount;
        poolCount += slots;
        if (poolCount > 0xFFFF) {
            throw new IllegalStateException("constant pool full");
        }
        poolIndex.put(key, index);
        return index;
    }

    private interface IoWriter {
        void write(DataOutputStream out) throws IOException;
    }

    int utf8(String s) {
        return entry("U" + s, 1, out -> {
            out.writeByte(1);
            out.writeUTF(s);
        });
    }

    int classRef(String internalName) {
        int name = utf8(internalName);
        return entry("C" + internalName, 1, out -> {
            out.writeByte(7);
            out.writeShort(name);
        });
    }

    int doubleConstant(double value) {
        long bits = Double.doubleToRawLongBits(value);
        return entry("D" + bits, 2, out -> {
            out.writeByte(6);
            out.writeLong(bits);
        });
    }

    int intConstant(int value) {
        return entry("I" + value, 1, out -> {
            out.writeByte(3);
            out.writeInt(value);
        });
    }

    int methodRef(String owner, String name, String descriptor) {
        int cls = classRef(owner);
        int n = utf8(name);
        int d = utf8(descriptor);
        int nameAndType = entry("N" + name + descriptor, 1, out -> {
            out.writeByte(12);
            out.writeShort(n);
            out.writeShort(d);
        });
        return entry("M" + owner + "." + name + descriptor, 1, out -> {
            out.writeByte(10);
            out.writeShort(cls);
            out.writeShort(nameAndType);
        });
    }

    void method(int access, String name, String descriptor, Code code) {
        int nameIndex = utf8(name);
        int descriptorIndex = utf8(descriptor);
        int codeName = utf8("Code");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeShort(access);
            out.writeShort(nameIndex);
            out.writeShort(descriptorIndex);
            out.writeShort(1);
            out.writeShort(codeName);
            byte[] instructions = code.bytes();
            out.writeInt(2 + 2 + 4 + instructions.length + 2 + 2);
            out.writeShort(code.maxStack());
            out.writeShort(code.maxLocals());
            out.writeInt(instructions.length);
            out.write(instructions);
            out.writeShort(0); // exception table
            out.writeShort(0); // attributes
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        methods.add(bytes.toByteArray());
    }

    byte[] bytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(0xCAFEBABE);
            out.writeShort(0);
            out.writeShort(JAVA_17);
            out.writeShort(poolCount);
            poolOut.flush();
            out.write(pool.toByteArray());
            out.writeShort(0x0001 | 0x0010 | 0x0020); // public final super
            out.writeShort(thisClass);
            out.writeShort(superClass);
            out.writeShort(interfaces.length);
            for (int i : interfaces) {
                out.writeShort(i);
            }
            out.writeShort(0); // fields
            out.writeShort(methods.size());
            for (byte[] m : methods) {
                out.write(m);
            }
            out.writeShort(0); // attributes
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The instructions of one method, with the operand stack depth tracked as they are added. */
    static final class Code {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private int stack;
        private int maxStack;
        private int maxLocals;

        Code(int locals) {
            this.maxLocals = locals;
        }

        int length() {
            return out.size();
        }

        private void op(int opcode, int stackChange) {
            out.write(opcode);
            stack += stackChange;
            maxStack = Math.max(maxStack, stack);
        }

        private void u2(int v) {
            out.write((v >>> 8) & 0xFF);
            out.write(v & 0xFF);
        }

        void aload(int local) {
            if (local <= 3) {
                op(0x2a + local, 1);
            } else {
                op(0x19, 1);
                out.write(local);
            }
        }

        void pushInt(ClassFile cf, int v) {
            if (v >= -1 && v <= 5) {
                op(0x03 + v, 1);
            } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
                op(0x10, 1);
                out.write(v);
            } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
                op(0x11, 1);
                u2(v);
            } else {
                op(0x13, 1); // ldc_w
                u2(cf.intConstant(v));
            }
        }

        void pushDouble(ClassFile cf, double v) {
            op(0x14, 2); // ldc2_w
            u2(cf.doubleConstant(v));
        }

        void daload() {
            op(0x31, 0); // pops an array and an index, pushes a double (two slots)
        }

        void dastore() {
            op(0x52, -4);
        }

        void bastore() {
            op(0x54, -3);
        }

        void dload(int local) {
            wideLocal(0x18, local, 2);
            maxLocals = Math.max(maxLocals, local + 2);
        }

        void dstore(int local) {
            wideLocal(0x39, local, -2);
            maxLocals = Math.max(maxLocals, local + 2);
        }

        private void wideLocal(int opcode, int local, int stackChange) {
            if (local > 255) {
                out.write(0xc4); // wide
                op(opcode, stackChange);
                u2(local);
            } else {
                op(opcode, stackChange);
                out.write(local);
            }
        }

        void dadd() {
            op(0x63, -2);
        }

        void dsub() {
            op(0x67, -2);
        }

        void dmul() {
            op(0x6b, -2);
        }

        void ddiv() {
            op(0x6f, -2);
        }

        void dneg() {
            op(0x77, 0);
        }

        /** invokestatic; {@code stackChange} is results' size minus arguments' size. */
        void invokestatic(int methodRef, int stackChange) {
            op(0xb8, stackChange);
            u2(methodRef);
        }

        void invokevirtual(int methodRef, int stackChange) {
            op(0xb6, stackChange);
            u2(methodRef);
        }

        void invokespecial(int methodRef, int stackChange) {
            op(0xb7, stackChange);
            u2(methodRef);
        }

        void returnVoid() {
            op(0xb1, 0);
        }

        byte[] bytes() {
            return out.toByteArray();
        }

        int maxStack() {
            return maxStack;
        }

        int maxLocals() {
            return maxLocals;
        }
    }
}
