// Asks the real VASSAL engine's hex grid for the location name of points, and for the point of a name.
// Built and run by tools/hexgrid_engine_names.py against the engine's jars (nothing of the engine is
// copied). Input (a file, tab-separated lines):
//   case <name>            starts a grid
//   grid <attr> <value>    HexGrid.setAttribute(attr, value)
//   num <attr> <value>     HexGridNumbering.setAttribute(attr, value)
//   point <x> <y>          prints: name <case> <x> <y> <locationName> <getLocation(name).x> <...y>
import VASSAL.build.module.map.boardPicker.board.HexGrid;
import VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering;

import java.awt.Point;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

public class EngineHexNames {
  public static void main(String[] args) throws Exception {
    final List<String> lines = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
    HexGrid grid = null;
    HexGridNumbering numbering = null;
    String name = "";
    for (String line : lines) {
      final String[] f = line.split("\t", -1);
      switch (f[0]) {
      case "case":
        name = f[1];
        grid = new HexGrid();
        numbering = new HexGridNumbering();
        numbering.addTo(grid);
        break;
      case "grid":
        grid.setAttribute(f[1], f[2]);
        break;
      case "num":
        numbering.setAttribute(f[1], f[2]);
        break;
      case "point":
        final Point p = new Point(Integer.parseInt(f[1]), Integer.parseInt(f[2]));
        final String location = grid.locationName(p);
        final Point back = grid.getLocation(location);
        final Point snapped = grid.snapTo(p);
        System.out.println("name\t" + name + "\t" + p.x + "\t" + p.y + "\t" + location + "\t" + back.x + "\t" + back.y
          + "\t" + snapped.x + "\t" + snapped.y);
        break;
      default:
        break;
      }
    }
  }
}
