// The batch runner (runner.h).
#include "batch/runner.h"

#include <atomic>
#include <chrono>
#include <fstream>
#include <functional>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>
#include <utility>

#include "cluster/in_order.h"
#include "cluster/mpi.h"
#include "cluster/wire.h"

namespace tsume::batch {

namespace {

// Results on one process: written in input order as they come, from the thread that completes
// the next one.
class InOrderResults : public Results {
public:
  InOrderResults(std::function<void(const Entry&)> write, const std::atomic<bool>& halted)
      : write_(std::move(write)), halted_(halted) {}
  void put(std::size_t k, Entry result) override {
    const std::lock_guard lock(mutex_);
    if (stopped()) return;
    order_.put(k, std::move(result), [&](std::size_t, const Entry& e) {
      if (!stopped()) write_(e);
    });
  }
  bool stopped() const override { return g_interrupted.load() || halted_.load(); }

private:
  std::mutex mutex_;
  cluster::InOrder<Entry> order_;
  std::function<void(const Entry&)> write_;
  const std::atomic<bool>& halted_;
};

// Results of one chunk under MPI, sent back as a whole: those of the first records up to the
// first one missing (cut short).
class ChunkResults : public Results {
public:
  explicit ChunkResults(std::size_t count) : slots_(count) {}
  void put(std::size_t k, Entry result) override {
    if (stopped()) return;
    std::string bytes = encode_entry(result);
    const std::lock_guard lock(mutex_);
    slots_[k] = std::move(bytes);
  }
  bool stopped() const override { return g_interrupted.load(); }
  // Moves the leading results to `out`; true when there are all of them.
  bool take(std::vector<std::string>& out) {
    for (std::optional<std::string>& r : slots_) {
      if (!r) return false;
      out.push_back(std::move(*r));
    }
    return !stopped();
  }

private:
  std::mutex mutex_;
  std::vector<std::optional<std::string>> slots_;
};

// Runs a chunk of encoded records (under MPI) with the job.
bool run_chunk(Job& job, Pool& pool, const std::vector<std::string>& items,
               std::vector<std::string>& results) {
  std::vector<Record> records;
  records.reserve(items.size());
  for (const std::string& item : items) records.push_back(decode_record(item));
  std::vector<const Record*> todo;
  for (const Record& r : records) todo.push_back(&r);
  ChunkResults chunk(todo.size());
  job.run(todo, pool, chunk);
  return chunk.take(results);
}

std::string summary_text(std::size_t done, const std::string& counts, std::size_t skipped,
                         double seconds, std::uint64_t nodes, bool interrupted) {
  std::ostringstream s;
  s << "summary: " << done << " problems:";
  if (!counts.empty()) s << ' ' << counts;
  if (skipped > 0) s << "; " << skipped << " skipped (already in the output)";
  s << "; time " << seconds_text(seconds) << ", nodes " << nodes;
  if (interrupted) s << "; interrupted";
  s << '\n';
  return s.str();
}

}  // namespace

int run_batch(const Settings& settings, Job& job, std::ostream& out, std::ostream& err) {
  Pool pool(settings.threads);
  const cluster::RunChunk chunks = [&](const std::vector<std::string>& items,
                                       std::vector<std::string>& results) {
    return run_chunk(job, pool, items, results);
  };
  if (settings.world != nullptr && settings.world->rank() != 0) {
    const InterruptGuard guard;
    settings.world->serve(chunks);
    return g_interrupted.load() ? kBatchInterrupted : kBatchOk;
  }

  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const std::string& where = settings.where;
  const std::vector<Record> records = gather_records(settings.inputs, settings.lines_only);

  // The output: -o FILE (truncated, or with --resume cut to its complete records and appended
  // to) or `out`; the records of this shard not in it yet.
  ResumeState done;
  if (settings.resume) {
    done = prepare_resume(settings.output, settings.format);
    if (!done.problem.empty()) {
      err << where << ": cannot resume from '" << settings.output << "': " << done.problem << '\n';
      return kBatchInputError;
    }
  }
  std::ofstream file;
  if (!settings.output.empty()) {
    file.open(settings.output,
              std::ios::binary | (settings.resume ? std::ios::app : std::ios::trunc));
    if (!file) {
      err << where << ": cannot write '" << settings.output << "'\n";
      return kBatchInputError;
    }
  }
  std::ostream& sink = settings.output.empty() ? out : file;
  if (!job.open(err)) return kBatchInputError;
  std::vector<const Record*> todo;
  std::size_t skipped = 0;
  for (std::size_t k = 0; k < records.size(); ++k) {
    if (settings.shard_count > 1 && k % settings.shard_count != settings.shard_index) continue;
    if (settings.resume && done.ids.count(resume_key(records[k].id, settings.format)) != 0) {
      ++skipped;
    } else {
      todo.push_back(&records[k]);
    }
  }

  StatusLine bar(err, settings.progress);
  const InterruptGuard guard;
  std::size_t written = 0, counted = 0, readable = 0;
  std::uint64_t nodes = 0;
  bool write_failed = false;
  std::atomic<bool> halted{false};  // the output or a file of the job failed: stop
  const auto show_progress = [&] {
    bar.show(progress_text(written, todo.size(), settings.progress_label, counted, elapsed()));
  };
  show_progress();
  const auto write = [&](const Entry& e) {
    job.take(e);
    bar.clear();
    sink << e.record << std::flush;
    if (!sink) write_failed = true;
    if (write_failed || !job.failure().empty()) halted.store(true);
    ++written;
    counted += e.counted ? 1 : 0;
    readable += e.readable ? 1 : 0;
    nodes += e.nodes;
    show_progress();
  };
  bool interrupted = false;
  if (settings.world != nullptr) {
    cluster::Plan plan;
    plan.count = todo.size();
    plan.chunk = std::max<std::size_t>(settings.chunk, 1);
    const std::size_t emitted = settings.world->distribute(
        plan, [&](std::size_t i) { return encode_record(*todo[i]); }, chunks,
        [&](std::size_t, const std::string& result) {
          if (!halted.load()) write(decode_entry(result));
        },
        [&] { return g_interrupted.load() || halted.load(); });
    interrupted = emitted < todo.size();
  } else {
    InOrderResults results(write, halted);
    job.run(todo, pool, results);
    interrupted = g_interrupted.load();
  }
  bar.finish();
  if (write_failed) {
    err << where << ": error writing "
        << (settings.output.empty() ? "standard output" : settings.output) << '\n';
    return kBatchInputError;
  }
  if (const std::string failure = job.failure(); !failure.empty()) {
    err << where << ": cannot write " << failure << '\n';
    return kBatchInputError;
  }

  const std::string summary =
      summary_text(written, job.summary_counts(), skipped, elapsed(), nodes, interrupted);
  // With the summary at the end of the output too, the error stream gets it unless both are one
  // terminal (it would show twice).
  if (!(settings.summary_on_output && settings.one_terminal)) err << summary;
  if (settings.summary_on_output) out << summary;
  if (interrupted) return kBatchInterrupted;
  if (records.empty()) {
    err << where << ": no problem found in the inputs\n";
    return kBatchInputError;
  }
  if (readable == 0 && !todo.empty()) return kBatchInputError;
  return kBatchOk;
}

// ---------------------------------------------------------------------------------------------
// Entries and records between processes

std::string encode_entry(const Entry& e) {
  cluster::WireWriter w;
  w.str(e.record).u64(e.readable ? 1 : 0).u64(e.counted ? 1 : 0).u64(e.nodes).str(e.data);
  return std::move(w).bytes();
}

Entry decode_entry(const std::string& bytes) {
  cluster::WireReader in(bytes);
  Entry e;
  e.record = in.str();
  e.readable = in.u64() != 0;
  e.counted = in.u64() != 0;
  e.nodes = in.u64();
  e.data = in.str();
  return e;
}

std::string encode_record(const Record& r) {
  Record::Kind kind = r.kind;
  std::string text = r.text;
  if (kind == Record::Kind::ProblemFile) {
    std::string bytes;
    if (read_whole_file(r.text, bytes)) {
      kind = Record::Kind::ProblemText;
      text = std::move(bytes);
    }
  }
  cluster::WireWriter w;
  w.u64(static_cast<std::uint64_t>(kind))
      .str(r.id)
      .str(text)
      .str(r.moves)
      .u64(r.moves_lead_to_problem ? 1 : 0)
      .str(r.length)
      .str(kind == Record::Kind::ProblemText && r.kind == Record::Kind::ProblemFile ? r.text
                                                                                    : r.file)
      .u64(static_cast<std::uint64_t>(r.line));
  return std::move(w).bytes();
}

Record decode_record(const std::string& bytes) {
  cluster::WireReader in(bytes);
  Record r;
  r.kind = static_cast<Record::Kind>(in.u64());
  r.id = in.str();
  r.text = in.str();
  r.moves = in.str();
  r.moves_lead_to_problem = in.u64() != 0;
  r.length = in.str();
  r.file = in.str();
  r.line = static_cast<int>(in.u64());
  return r;
}

}  // namespace tsume::batch
