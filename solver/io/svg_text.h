// Text pieces of the SVG diagrams (solver/io/svg_diagram.cpp for 9x9 boards,
// solver/large/svg_diagram.cpp for the big ones): escaping, centred text elements, the
// document's head.
#pragma once

#include <string>
#include <string_view>

namespace tsume::svg {

// `s` as XML character data or an attribute value (in either kind of quotes).
inline std::string xml_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&apos;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

inline std::string num(int v) { return std::to_string(v); }

// A text element centred on (x, y); `extra` holds further attributes. The baseline sits
// `baseline_percent` of the font size below the centre (about a third: 35 for CJK glyphs, 36
// for Latin capitals).
inline std::string text(int x, int y, int size, std::string_view content, std::string_view extra,
                        int baseline_percent) {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y + size * baseline_percent / 100) +
         "\" font-size=\"" + num(size) + "\" text-anchor=\"middle\"" + (extra.empty() ? "" : " ") +
         std::string(extra) + ">" + xml_escape(content) + "</text>\n";
}

// The XML declaration, the <svg> element of a width x height image in `fonts`, and a white
// background.
inline std::string document_head(int width, int height, std::string_view fonts) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" +
         num(width) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " +
         num(height) + "\" font-family=\"" + std::string(fonts) + "\">\n" +
         "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
}

}  // namespace tsume::svg
