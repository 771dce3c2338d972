// Names of pieces, squares and colors in the text formats: SFEN/USI letters, CSA codes and the
// Japanese (KIF) names. Tables only; the readers and writers share them.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "solver/core/types.h"

namespace tsume::io {

// SFEN letter of a piece kind, uppercase (Black's spelling); promoted kinds have the letter of
// their base kind (the '+' is written separately). PieceType::None gives '?'.
constexpr char sfen_letter(PieceType pt) {
  constexpr std::string_view kLetters = "?PLNSBRGK";
  const PieceType base = unpromote(pt);
  if (base == PieceType::Elephant) return 'E';  // sho shogi's drunk elephant (+E: crown prince)
  return index_of(base) < static_cast<int>(kLetters.size()) ? kLetters[index_of(base)] : '?';
}

// The unpromoted kind of an uppercase SFEN letter (P L N S B R G K, and E for sho shogi's drunk
// elephant).
constexpr std::optional<PieceType> piece_from_sfen_letter(char upper) {
  switch (upper) {
  case 'P':
    return PieceType::Pawn;
  case 'L':
    return PieceType::Lance;
  case 'N':
    return PieceType::Knight;
  case 'S':
    return PieceType::Silver;
  case 'B':
    return PieceType::Bishop;
  case 'R':
    return PieceType::Rook;
  case 'G':
    return PieceType::Gold;
  case 'K':
    return PieceType::King;
  case 'E':
    return PieceType::Elephant;
  default:
    return std::nullopt;
  }
}

// CSA two-letter codes, indexed by PieceType. CSA has none for sho shogi's pieces: SZ (酔象,
// suizō) and TS (太子, taishi) are this program's.
inline constexpr std::array<std::string_view, kPieceTypeCount> kCsaCodes = {
    "* ", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU",
    "TO", "NY", "NK", "NG", "UM", "RY", "SZ", "TS"};

constexpr std::string_view csa_code(PieceType pt) { return kCsaCodes[index_of(pt)]; }

constexpr std::optional<PieceType> piece_from_csa(std::string_view code) {
  for (int i = 1; i < kPieceTypeCount; ++i)
    if (kCsaCodes[i] == code) return static_cast<PieceType>(i);
  return std::nullopt;
}

// Japanese names as written in KIF moves (UTF-8): 歩 香 桂 銀 角 飛 金 玉 と 成香 成桂 成銀 馬 龍,
// and sho shogi's 酔象 (drunk elephant) and 太子 (crown prince).
inline constexpr std::array<std::string_view, kPieceTypeCount> kJapaneseNames = {
    "・", "歩",   "香",   "桂",   "銀", "角", "飛",   "金",  "玉",
    "と", "成香", "成桂", "成銀", "馬", "龍", "酔象", "太子"};

constexpr std::string_view japanese_name(PieceType pt) { return kJapaneseNames[index_of(pt)]; }

// One-character names of board diagrams (KIF BOD, SVG): 成香 成桂 成銀 are 杏 圭 全 there.
inline constexpr std::array<std::string_view, kPieceTypeCount> kDiagramNames = {
    "・", "歩", "香", "桂", "銀", "角", "飛", "金", "玉",
    "と", "杏", "圭", "全", "馬", "龍", "象", "太"};

constexpr std::string_view diagram_name(PieceType pt) { return kDiagramNames[index_of(pt)]; }

// The order in which KIF and CSA files list a hand: rook first, pawn last.
inline constexpr std::array<PieceType, 7> kHandOrder = {
    PieceType::Rook,   PieceType::Bishop, PieceType::Gold, PieceType::Silver,
    PieceType::Knight, PieceType::Lance,  PieceType::Pawn};

// File labels of diagrams, full width: "１" for file 1 (index 0).
inline constexpr std::array<std::string_view, 9> kFullWidthDigits = {"１", "２", "３", "４", "５",
                                                                     "６", "７", "８", "９"};
// Kanji numerals 〇..十: rank labels (一 = rank a) and hand counts.
inline constexpr std::array<std::string_view, 11> kKanjiNumbers = {
    "〇", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};

// A hand count in kanji as KIF writes it after the piece: "" for 1, "二".."十", "十一".."十八".
inline std::string kanji_count(int n) {
  if (n <= 1) return {};
  if (n <= 10) return std::string(kKanjiNumbers[n]);
  return "十" + std::string(kKanjiNumbers[n - 10]);
}

constexpr std::string_view color_name(Color c) { return c == Color::Black ? "Black" : "White"; }

// SFEN spelling of a piece: "+R", "g", "E" (sho shogi's drunk elephant), "+e" (a white crown
// prince): '+' for a promoted kind, lowercase for White.
inline std::string sfen_piece(Piece p) {
  const PieceType pt = type_of(p);
  const char letter = sfen_letter(pt);
  std::string s = is_promoted(pt) ? "+" : "";
  s += color_of(p) == Color::White ? static_cast<char>(letter - 'A' + 'a') : letter;
  return s;
}

// USI square name: file digit then rank letter, "7g". Square::None gives "--".
inline std::string usi_square(Square s) {
  if (!is_ok(s)) return "--";
  return {static_cast<char>('1' + file_of(s)), static_cast<char>('a' + rank_of(s))};
}

}  // namespace tsume::io
