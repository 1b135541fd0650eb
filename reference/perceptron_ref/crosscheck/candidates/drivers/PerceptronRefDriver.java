// perceptron-ref's driver for a Java candidate: a class with fit (or train, ...) and its
// weights in a field or a getter, or a static method; called with no wrapper
// (reference/perceptron_ref/crosscheck/candidates/drivers/java.py builds it with the
// candidate, javac -parameters, so that reflection sees the parameters' names).
//
//   java PerceptronRefDriver describe NAME   what NAME is: constructors, methods, parameters
//   java PerceptronRefDriver run NAME        one call: {"plan", "values"} on stdin
//
// The answer is one line {"perceptron-ref": 1, ...} on stdout; the candidate's own
// System.out goes to stderr.
import java.io.*;
import java.lang.reflect.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class PerceptronRefDriver {
    static PrintStream out;

    public static void main(String[] args) throws Exception {
        out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        System.setOut(System.err);  // the candidate's prints
        String mode = args[0], name = args[1];
        Class<?> found;
        Method function = null;
        try {
            found = load(name);
        } catch (Throwable e) {
            int dot = name.lastIndexOf('.');  // FILE.java:method: a static method of its class
            try {
                found = load(dot < 0 ? primary() : name.substring(0, dot));
                String method = dot < 0 ? name : name.substring(dot + 1);
                for (Method m : found.getDeclaredMethods())
                    if (m.getName().equals(method) && Modifier.isStatic(m.getModifiers())) function = m;
                if (function == null) throw e;
            } catch (Throwable e2) {
                answer("\"load_error\": " + quote(e.toString()));
                return;
            }
        }
        if (mode.equals("describe")) {
            answer("\"describe\": " + describe(found, function));
            return;
        }
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        Map<?, ?> request = (Map<?, ?>) new Json(text).value();
        long began = System.nanoTime();
        try {
            String[] read = call(found, function, request);
            double seconds = (System.nanoTime() - began) / 1e9;
            answer("\"result\": " + read[0] + ", \"from\": " + quote(read[1]) + ", \"seconds\": " + seconds);
        } catch (InvocationTargetException e) {
            failed(e.getCause());
        } catch (Throwable e) {
            failed(e);
        }
    }

    static void failed(Throwable e) {
        String said = e.toString();
        boolean memory = e instanceof OutOfMemoryError;
        answer("\"error\": " + quote(said.length() > 500 ? said.substring(0, 500) : said) + ", \"memory\": " + memory);
    }

    static void answer(String members) {
        out.println();
        out.println("{\"perceptron-ref\": 1, " + members + "}");
        out.flush();
    }

    static String primary() {
        return System.getProperty("perceptron.ref.primary", "");
    }

    static Class<?> load(String name) throws ClassNotFoundException {
        return Class.forName(name, false, PerceptronRefDriver.class.getClassLoader());
    }

    // -- describe -----------------------------------------------------------------------------

    static final String[] FITTING = {"fit", "train", "partial_fit", "partialFit", "learn", "training"};

    static String params(Executable e) {
        StringBuilder s = new StringBuilder("[");
        Parameter[] ps = e.getParameters();
        for (int i = 0; i < ps.length; i++) {
            if (i > 0) s.append(", ");
            s.append("{\"name\": ").append(quote(ps[i].getName())).append(", \"type\": ")
                .append(quote(ps[i].getParameterizedType().getTypeName())).append("}");
        }
        return s.append("]").toString();
    }

    static boolean fitting(String m) {
        for (String f : FITTING) if (f.equals(m)) return true;
        String l = m.toLowerCase();
        return l.contains("fit") || l.contains("train");
    }

    static String describe(Class<?> c, Method function) {
        if (function != null)
            return "{\"kind\": \"function\", \"name\": " + quote(function.getName()) + ", \"call\": " + params(function) + "}";
        StringBuilder calls = new StringBuilder("[");
        Constructor<?>[] cs = c.getDeclaredConstructors();
        Arrays.sort(cs, Comparator.comparingInt(Constructor::getParameterCount));
        for (int i = 0; i < cs.length; i++) calls.append(i > 0 ? ", " : "").append(params(cs[i]));
        calls.append("]");
        // its fitting methods first, then its other instance methods: a class given its data
        // by its constructor may run them with run() or solve() (parameters.RUNS picks)
        StringBuilder methods = new StringBuilder("{");
        Set<String> seen = new HashSet<>();
        for (boolean fit : new boolean[] {true, false})
            for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass())
                for (Method m : k.getDeclaredMethods())
                    if (fitting(m.getName()) == fit && !Modifier.isStatic(m.getModifiers()) && !m.isSynthetic()
                            && seen.add(m.getName()))
                        methods.append(seen.size() > 1 ? ", " : "").append(quote(m.getName())).append(": ").append(params(m));
        methods.append("}");
        return "{\"kind\": \"class\", \"name\": " + quote(c.getSimpleName()) + ", \"calls\": " + calls
            + ", \"methods\": " + methods + "}";
    }

    // -- run ----------------------------------------------------------------------------------

    static Object fill(Object v, Map<?, ?> values) {
        if (v instanceof Map<?, ?> m && m.size() == 1 && m.containsKey("$harness")) {
            Object key = m.get("$harness");
            return "default".equals(key) ? null : values.get(key);
        }
        return v;
    }

    static List<String> names(Map<?, ?> call) {
        List<String> out = new ArrayList<>();
        for (Object n : (List<?>) call.get("names")) out.add((String) n);
        return out;
    }

    static <T extends Executable> T pick(T[] options, String name, List<String> wanted) {
        for (T e : options) {
            if (name != null && !e.getName().equals(name)) continue;
            List<String> have = new ArrayList<>();
            for (Parameter p : e.getParameters()) have.add(p.getName());
            if (have.equals(wanted)) return e;
        }
        throw new IllegalArgumentException("no " + (name == null ? "constructor" : name) + wanted);
    }

    static Object[] arguments(Executable e, Map<?, ?> call, Map<?, ?> values) {
        List<?> order = (List<?>) call.get("order");
        Parameter[] ps = e.getParameters();
        Object[] args = new Object[ps.length];
        for (int i = 0; i < ps.length; i++)
            args[i] = convert(fill(order.get(i), values), ps[i].getType(), ps[i].getParameterizedType());
        return args;
    }

    static String[] call(Class<?> c, Method function, Map<?, ?> request) throws Exception {
        Map<?, ?> plan = (Map<?, ?>) request.get("plan"), values = (Map<?, ?>) request.get("values");
        Map<?, ?> call = (Map<?, ?>) plan.get("call");
        int d = ((Number) values.get("d")).intValue();
        if (function != null) {
            function.setAccessible(true);
            Object returned = function.invoke(null, arguments(function, call, values));
            return new String[] {json(returned), ""};
        }
        Map<?, ?> construct = (Map<?, ?>) plan.get("construct");
        Constructor<?> k = pick(c.getDeclaredConstructors(), null, names(construct));
        k.setAccessible(true);
        Object model = k.newInstance(arguments(k, construct, values));
        Method fit = null;
        String method = (String) plan.get("method");
        for (Class<?> h = c; h != null && fit == null && !method.isEmpty(); h = h.getSuperclass()) {
            try {
                fit = pick(h.getDeclaredMethods(), method, names(call));
            } catch (IllegalArgumentException ignored) {
            }
        }
        if (fit == null && !method.isEmpty()) throw new IllegalArgumentException("no method " + method);
        if (fit != null) fit.setAccessible(true);
        // no method: it trained in its constructor
        int times = fit == null ? 0 : "".equals(plan.get("repeat")) ? 1 : ((Number) values.get("passes")).intValue();
        Object returned = null;
        for (int i = 0; i < times; i++) returned = fit.invoke(model, arguments(fit, call, values));
        Map<?, ?> names = (Map<?, ?>) plan.get("weights");
        String[] read = weights(model, names, d);
        if (read != null) return read;
        if (returned == null || returned == model)
            throw new IllegalStateException("cannot find the fitted object's weights (name them with --weights-attr)");
        return new String[] {json(returned), ""};
    }

    static Object member(Object model, String name) {
        for (Class<?> k = model.getClass(); k != null && k != Object.class; k = k.getSuperclass()) {
            try {
                Field f = k.getDeclaredField(name);
                f.setAccessible(true);
                return f.get(model);
            } catch (ReflectiveOperationException ignored) {
            }
            String getter = "get" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
            for (String g : new String[] {name, getter}) {
                try {
                    Method m = k.getDeclaredMethod(g);
                    m.setAccessible(true);
                    return m.invoke(model);
                } catch (ReflectiveOperationException ignored) {
                }
            }
        }
        return null;
    }

    static int size(Object v) {
        if (v instanceof Number) return 1;
        if (v != null && v.getClass().isArray()) {
            int n = 0;
            for (int i = 0; i < Array.getLength(v); i++) n += size(Array.get(v, i));
            return n;
        }
        if (v instanceof List<?> l) {
            int n = 0;
            for (Object o : l) n += size(o);
            return n;
        }
        return -1000000;  // not numbers
    }

    static String[] weights(Object model, Map<?, ?> names, int d) throws Exception {
        String w = null;
        for (Object n : (List<?>) names.get("w"))
            if (size(member(model, (String) n)) > 0) { w = (String) n; break; }
        if (w == null && Boolean.TRUE.equals(names.get("forced")))
            throw new NoSuchFieldException("the fitted object has no numeric " + ((List<?>) names.get("w")).get(0));
        if (w == null) {
            List<String> near = new ArrayList<>();
            for (Class<?> k = model.getClass(); k != null && k != Object.class; k = k.getSuperclass())
                for (Field f : k.getDeclaredFields()) {
                    String l = f.getName().toLowerCase();
                    if (l.matches(".*(error|loss|cost|hist|mistake|label|class|pred|acc|score|epoch|iter|rate|eta|lr).*")) continue;
                    int s = size(member(model, f.getName()));
                    if (s == d || s == d + 1) near.add(f.getName());
                }
            if (near.size() != 1) return null;
            w = near.get(0);
        }
        String b = null;
        for (Object n : (List<?>) names.get("b"))
            if (!n.equals(w) && size(member(model, (String) n)) == 1) { b = (String) n; break; }
        if (b == null && Boolean.TRUE.equals(names.get("forced")) && !((List<?>) names.get("b")).isEmpty())
            throw new NoSuchFieldException("the fitted object has no numeric " + ((List<?>) names.get("b")).get(0));
        String wj = json(member(model, w));
        if (b == null) return new String[] {wj, w};
        return new String[] {"[" + wj + ", " + json(member(model, b)) + "]", w + "," + b};
    }

    // -- values to the parameters' types, results to JSON ---------------------------------------

    static Object convert(Object v, Class<?> type, Type generic) {
        if (v == null) return type.isPrimitive() ? Array.get(Array.newInstance(type, 1), 0) : null;
        if (type.isArray()) {
            List<?> list = (List<?>) v;
            Class<?> item = type.getComponentType();
            Object array = Array.newInstance(item, list.size());
            for (int i = 0; i < list.size(); i++) Array.set(array, i, convert(list.get(i), item, item));
            return array;
        }
        if (List.class.isAssignableFrom(type) || type == Collection.class || type == Iterable.class) {
            Type inner = generic instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : Double.class;
            Class<?> raw = inner instanceof ParameterizedType p ? (Class<?>) p.getRawType()
                : inner instanceof Class<?> k ? k : Double.class;
            List<Object> out = new ArrayList<>();
            for (Object o : (List<?>) v) out.add(convert(o, raw, inner));
            return out;
        }
        if (v instanceof Number n) {
            if (type == double.class || type == Double.class || type == Object.class || type == Number.class) return n.doubleValue();
            if (type == float.class || type == Float.class) return n.floatValue();
            if (type == int.class || type == Integer.class) return n.intValue();
            if (type == long.class || type == Long.class) return n.longValue();
            if (type == short.class || type == Short.class) return n.shortValue();
            if (type == byte.class || type == Byte.class) return n.byteValue();
            if (type == boolean.class || type == Boolean.class) return n.doubleValue() != 0;
        }
        if (v instanceof Boolean) return v;
        if (v instanceof Map<?, ?> m && Map.class.isAssignableFrom(type)) return new HashMap<>(m);
        return v;
    }

    static String json(Object v) {
        if (v == null) return "null";
        if (v instanceof Double || v instanceof Float) {
            double x = ((Number) v).doubleValue();
            return Double.isFinite(x) ? Double.toString(x) : "\"nan\"";
        }
        if (v instanceof Number || v instanceof Boolean) return v.toString();
        if (v.getClass().isArray()) {
            StringBuilder s = new StringBuilder("[");
            for (int i = 0; i < Array.getLength(v); i++) s.append(i > 0 ? ", " : "").append(json(Array.get(v, i)));
            return s.append("]").toString();
        }
        if (v instanceof Iterable<?> it) {
            StringBuilder s = new StringBuilder("[");
            boolean first = true;
            for (Object o : it) { s.append(first ? "" : ", ").append(json(o)); first = false; }
            return s.append("]").toString();
        }
        return quote(v.toString());
    }

    static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') out.append('\\').append(ch);
            else if (ch < 0x20) out.append(String.format("\\u%04x", (int) ch));
            else out.append(ch);
        }
        return out.append('"').toString();
    }

    /** Just enough JSON for the harness's requests: objects, arrays, numbers, strings, literals. */
    static final class Json {
        final String s;
        int i;

        Json(String s) { this.s = s; }

        Object value() {
            space();
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                i++;
                space();
                if (s.charAt(i) == '}') { i++; return m; }
                while (true) {
                    space();
                    String k = (String) value();
                    space();
                    i++;  // :
                    m.put(k, value());
                    space();
                    if (s.charAt(i++) == '}') return m;
                }
            }
            if (c == '[') {
                List<Object> l = new ArrayList<>();
                i++;
                space();
                if (s.charAt(i) == ']') { i++; return l; }
                while (true) {
                    l.add(value());
                    space();
                    if (s.charAt(i++) == ']') return l;
                }
            }
            if (c == '"') {
                StringBuilder b = new StringBuilder();
                i++;
                while (s.charAt(i) != '"') {
                    char ch = s.charAt(i++);
                    if (ch == '\\') {
                        char e = s.charAt(i++);
                        if (e == 'u') { b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; }
                        else b.append(e == 'n' ? '\n' : e == 't' ? '\t' : e);
                    } else b.append(ch);
                }
                i++;
                return b.toString();
            }
            for (String word : new String[] {"true", "false", "null"})
                if (s.startsWith(word, i)) { i += word.length(); return word.equals("null") ? null : Boolean.valueOf(word); }
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
            String number = s.substring(start, i);
            if (number.matches("-?[0-9]+") && number.length() < 19) return Long.parseLong(number);
            return Double.parseDouble(number);
        }

        void space() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        }
    }
}
