// The problems named as inputs of a batch (batch/runner.h) and of the commands that read
// problems (`tsume solve`, `check`, `convert`, `show`): SFEN strings, SFEN/TSV line files,
// KIF/KI2/CSA files, folders and standard input, each turned into records with ids; a record's
// position is read when its turn comes.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/io/parse_error.h"
#include "solver/io/problem.h"
#include "solver/io/sfen.h"

namespace tsume::batch {

// One problem found in the inputs.
struct Record {
  // Sfen: one SFEN line or argument. ProblemFile: a KIF, KI2 or CSA file, read when its turn
  // comes. ProblemText: the same, already read (a KIF, KI2 or CSA record on standard input).
  enum class Kind { Sfen, ProblemFile, ProblemText, Error };
  Kind kind = Kind::Sfen;
  std::string id;
  // Sfen: the SFEN ("startpos" included); ProblemFile: the path; ProblemText: the bytes;
  // Error: the message.
  std::string text;
  std::string moves;  // Sfen: the USI moves after it (` moves ...` or a TSV's fourth column)
  // Sfen: the moves lead to the problem (a USI `position ... moves ...` command, as a GUI
  // sends it) instead of being its given line.
  bool moves_lead_to_problem = false;
  std::string length;  // Sfen: a TSV's third column (the mate length in plies), else empty
  std::string file;    // where it was found, for messages ("" for an argument)
  int line = 0;

  bool is_problem_file() const { return kind == Kind::ProblemFile || kind == Kind::ProblemText; }
};

// The records of every input, in order: a folder is searched recursively in sorted order for
// .kif .kifu .ki2 .ki2u .csa .sfen .usi .tsv .txt files; `-` reads standard input (SFEN/TSV
// lines, or one KIF, KI2 or CSA record, told apart by their content); an input that is no file
// is a SFEN. A UTF-8 byte-order mark is skipped. A SFEN may be written as USI's `position sfen
// <SFEN> [moves ...]` or `position startpos [moves ...]` (the problem is then the position
// after the moves). Ids: the TSV's second column, else '<file>:<record>', 'stdin:<record>', or
// 'arg<k>' for the k-th input. Inputs that cannot be read become Error records.
// With `lines_only` (the large-board commands, whose problems are lines only): every file and
// standard input is read as SFEN/TSV/JSON lines, whatever its content; a KIF, KI2 or CSA file
// named is an Error record and one in a folder is skipped.
std::vector<Record> gather_records(const std::vector<std::string>& inputs, bool lines_only = false);

// The position of a record (the problem, before any recorded move), or the reason it cannot be
// read.
io::Expected<Position> read_record_position(const Record& r, const io::ReadOptions& read);
// The position of a problem read from `file` (its setup validated by Position::set).
io::Expected<Position> position_of(const io::Problem& problem, const std::string& file);

// The whole problem of a record: position, recorded moves and metadata. A SFEN record's moves
// come from Record::moves and its title is the id; when its length column equals the number of
// moves, the moves are the mate's main line and the result is 詰み.
io::Expected<io::Problem> read_record_problem(const Record& r, const io::ReadOptions& read);

// At most `max_bytes` of `text` (cut at a UTF-8 character boundary) followed by "..." when it is
// longer: how records and messages quote their input.
std::string excerpt(std::string_view text, std::size_t max_bytes = 80);

// The given line of a record (a SFEN record's moves that are not played to reach it), checked
// move by move from `pos`; an error names the move, its number and the record's file and line.
io::Expected<std::vector<Move>> read_given_moves(const Record& r, const Position& pos);

// Reads a whole file; false when it cannot be read.
bool read_whole_file(const std::string& path, std::string& bytes);

// Writes `bytes` to `path`, replacing it; false when it cannot be written.
bool write_whole_file(const std::string& path, std::string_view bytes);

// A file name made of the id: letters, digits, '-', '_' and '.' kept, anything else '_'; never
// empty, never starting with '.'.
std::string file_name_of_id(const std::string& id);

// File names for one output folder, one per problem: file_name_of_id, numbered ("-2", "-3")
// when two ids give the same name, so that no problem overwrites another.
class FileNames {
public:
  std::string take(const std::string& id);

private:
  std::set<std::string> used_;
};

// Creates `dir` (and its parents) when missing; false when it is not a folder afterwards.
bool ensure_folder(const std::string& dir);

}  // namespace tsume::batch
