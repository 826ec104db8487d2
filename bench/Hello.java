/** The baseline of the start-up benchmark: a JVM that prints one line, started like ./chain starts java. */
public class Hello {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
