import java.io.*;
import java.util.*;

/** Right: a protocol program in Java that logs on stdout too: Gormley's rule, in doubles.
    Compiled into a folder and run as java -cp FOLDER Main. */
public class Main {
    public static void main(String[] args) throws IOException {
        String s = new String(System.in.readAllBytes(), "UTF-8");
        String xs = s.substring(s.indexOf("\"X\""), s.indexOf("\"y\""));
        String ys = s.substring(s.indexOf("\"y\""));
        ys = ys.substring(ys.indexOf('[') + 1, ys.indexOf(']'));
        List<double[]> rows = new ArrayList<>();
        for (String row : xs.substring(xs.indexOf('[') + 1).split("\\]")) {
            String cells = row.replace("[", "").replace(",", " ").replace("\"", " ").trim();
            if (cells.isEmpty()) continue;
            String[] parts = cells.split("\\s+");
            double[] x = new double[parts.length];
            for (int j = 0; j < parts.length; j++) {
                String[] q = parts[j].split("/");
                x[j] = q.length == 2 ? Double.parseDouble(q[0]) / Double.parseDouble(q[1]) : Double.parseDouble(q[0]);
            }
            rows.add(x);
        }
        String[] labels = ys.split(",");
        System.out.println("read " + rows.size() + " examples");
        double[] w = new double[rows.get(0).length];
        for (int i = 0; i < rows.size(); i++) {
            double[] x = rows.get(i);
            int t = Integer.parseInt(labels[i].trim());
            double sc = 0;
            for (int j = 0; j < x.length; j++) sc += w[j] * x[j];
            if (t * sc <= 0) for (int j = 0; j < x.length; j++) w[j] += t * x[j];
        }
        StringBuilder out = new StringBuilder("{\"weights\": [");
        for (int j = 0; j < w.length; j++) out.append(j > 0 ? ", " : "").append(w[j]);
        System.out.println(out.append("]}"));
    }
}
