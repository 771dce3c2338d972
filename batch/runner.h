// The batch runner: the one loop of the commands that run a collection of problems (`tsume
// solve`, `tsume check`). It reads the records of the inputs in order, skips those already in
// the output (--resume) and those of other shards, runs the rest on one Pool (batch/pool.h), or
// on the processes of an MPI job (cluster/mpi.h), writes each record in input order as soon as
// all earlier ones are written, shows progress on a terminal without mixing it with records,
// stops cleanly on SIGINT/SIGTERM (a record cut short is not written, so that --resume goes on
// from it), and ends with a summary and the exit status. What a record is run for, and how its
// result is written, is the Job's (docs/batch.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "batch/inputs.h"
#include "batch/output.h"
#include "batch/pool.h"

namespace tsume::cluster {
class World;
}

namespace tsume::batch {

// Exit status of a batch.
inline constexpr int kBatchOk = 0;          // it ran (even with error records)
inline constexpr int kBatchInputError = 1;  // nothing could be read, or the output not written
inline constexpr int kBatchInterrupted = 130;

// The result of one record: what the output gets of it, and the job's own data. Under MPI it
// travels from the process that ran the record to the one that writes the output.
struct Entry {
  std::string record;    // written to the output as it is
  bool readable = true;  // false: an error record (the input could not be read)
  bool counted = false;  // counted on the progress line (a mate, a sound problem)
  std::uint64_t nodes = 0;
  std::string data;  // for Job::take (what it counts, files of its own)
};

// Where a Job hands the results of its records.
class Results {
public:
  virtual ~Results() = default;
  // The result of record k of the records given to Job::run, from any thread, in any order.
  virtual void put(std::size_t k, Entry result) = 0;
  // True once results are no longer wanted (interrupted, or the output failed): a job starts no
  // more records, and results put from then on are dropped.
  virtual bool stopped() const = 0;
};

// A batch command: how records are run and how their results are written.
class Job {
public:
  virtual ~Job() = default;
  // On the process that writes the output, once it is open and before any record runs: opens
  // the files of the job's own. False (with a message "<where>: ..." on `err`) ends the batch
  // with exit status 1.
  virtual bool open(std::ostream& err) {
    (void)err;
    return true;
  }
  // Runs `records` with the threads of `pool` and hands each result to results.put(k, ...). A
  // record cut short (interrupted) is not put. Under MPI every process calls it with the
  // records of one chunk at a time.
  virtual void run(const std::vector<const Record*>& records, Pool& pool, Results& results) = 0;
  // In input order, on one thread, as each record is written: counts it for the summary and
  // writes files of its own (one that cannot be written is reported by failure()).
  virtual void take(const Entry& result) = 0;
  // Non-empty when a file of the job's own could not be written (its path): the batch stops.
  virtual std::string failure() const { return {}; }
  // The counts of the summary line after "summary: N problems:" ("3 solved (mate), ...").
  virtual std::string summary_counts() const = 0;
};

struct Settings {
  std::string where;  // the start of messages: "tsume solve"
  std::vector<std::string> inputs;
  bool lines_only = false;  // the inputs hold SFEN/TSV/JSON lines only (gather_records)
  std::string output;       // -o FILE; empty: the output stream
  bool resume = false;      // with an output file: skip the records already in it (same format)
  Format format = Format::Text;
  std::uint64_t shard_index = 0;  // run the records k (from 0) with k mod shard_count = index
  std::uint64_t shard_count = 1;
  int threads = 1;                  // of the Pool
  std::size_t chunk = 1;            // under MPI: the records handed to a process at a time
  std::string progress_label;       // the count on the progress line: "solved", "sound"
  bool progress = false;            // show a progress line on the error stream (a terminal)
  bool summary_on_output = false;   // the summary also goes to the output stream
  bool one_terminal = false;        // output and error stream are one terminal: the summary once
  cluster::World* world = nullptr;  // the MPI job, or nullptr for one process
};

// Runs the batch: records, their results written to `output` (or out) in input order, the
// summary on `err` (and `out`), messages "<where>: ..." on `err`. Returns the exit status:
// 0 when the batch ran (even with error records), 1 when the inputs held no problem, none could
// be read, or the output could not be written, 130 when interrupted. On an MPI rank other
// than 0 it runs the chunks rank 0 hands out and returns 0 (130 when interrupted).
int run_batch(const Settings& settings, Job& job, std::ostream& out, std::ostream& err);

// An entry as bytes for another process, and back.
std::string encode_entry(const Entry& e);
Entry decode_entry(const std::string& bytes);

// A record as bytes for another process, and back. A KIF/KI2/CSA file is sent as its text, read
// here (when it cannot be read, its path is sent and the process that gets it reports the error).
std::string encode_record(const Record& r);
Record decode_record(const std::string& bytes);

}  // namespace tsume::batch
