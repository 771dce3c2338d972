// The batch runner with a fake job: the job's result for a record is its id, so that what the
// runner writes, skips and counts can be told from the ids alone.
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "batch/runner.h"

namespace tsume::batch {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSfen = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";

// Ids "bad..." are error records; "stop" raises SIGINT while it runs (and is not written).
class FakeJob : public Job {
public:
  bool reverse = false;    // put the results of a run in reverse order, after all have run
  bool sleepy = false;     // earlier records take longer, so later ones finish first
  std::string fail_after;  // failure() once the record with this id is taken

  void run(const std::vector<const Record*>& records, Pool& pool, Results& results) override {
    std::vector<std::string> held(records.size());
    pool.each(records.size(), [&](std::size_t i) {
      if (results.stopped()) return;
      const std::string& id = records[i]->id;
      {
        const std::lock_guard lock(mutex_);
        ran_.push_back(id);
      }
      if (id == "stop") {
        std::raise(SIGINT);
        return;
      }
      if (sleepy) std::this_thread::sleep_for(std::chrono::milliseconds(2 * (records.size() - i)));
      if (reverse) {
        held[i] = id;
      } else {
        results.put(i, entry(id));
      }
    });
    if (reverse)
      for (std::size_t i = records.size(); i-- > 0;) results.put(i, entry(held[i]));
  }

  // The output of a record: its id and whether it was read; the job's data is the id.
  static Entry entry(const std::string& id) {
    const bool bad = id.starts_with("bad");
    return {"id " + id + "\nresult " + (bad ? "error" : "ok") + "\n\n", !bad, !bad, 10, id};
  }
  void take(const Entry& e) override {
    ++taken_;
    if (e.data == fail_after) failed_ = "side-file";
  }
  std::string failure() const override { return failed_; }
  std::string summary_counts() const override { return std::to_string(taken_) + " taken"; }

  std::vector<std::string> ran() const { return ran_; }

private:
  mutable std::mutex mutex_;
  std::vector<std::string> ran_;
  std::size_t taken_ = 0;
  std::string failed_;
};

class Runner : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("tsume_batch_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A TSV file of the problems with these ids.
  std::string tsv(const std::vector<std::string>& ids) {
    const std::string path = (dir_ / "in.tsv").string();
    std::ofstream f(path);
    for (const std::string& id : ids) f << kSfen << '\t' << id << '\n';
    return path;
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string slurp(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
  }
  // The text records of these ids, as FakeJob writes them.
  static std::string records(const std::vector<std::string>& ids) {
    std::string out;
    for (const std::string& id : ids)
      out += "id " + id + "\nresult " + (id.starts_with("bad") ? "error" : "ok") + "\n\n";
    return out;
  }
  Settings settings(const std::vector<std::string>& ids, int threads = 1) {
    Settings s;
    s.where = "test";
    s.inputs = {tsv(ids)};
    s.threads = threads;
    s.progress_label = "ok";
    return s;
  }
  int run(const Settings& s, FakeJob& job) {
    out_.str("");
    err_.str("");
    return run_batch(s, job, out_, err_);
  }

  fs::path dir_;
  std::ostringstream out_, err_;
};

std::vector<std::string> ids(std::size_t n) {
  std::vector<std::string> v;
  for (std::size_t i = 0; i < n; ++i) {
    std::string id = "p";
    id += std::to_string(i);
    v.push_back(id);
  }
  return v;
}

TEST_F(Runner, WritesInInputOrderWhateverOrderResultsComeIn) {
  FakeJob job;
  job.reverse = true;
  EXPECT_EQ(run(settings(ids(12), 3), job), kBatchOk);
  EXPECT_EQ(out_.str(), records(ids(12)));
  EXPECT_NE(err_.str().find("summary: 12 problems: 12 taken; time "), std::string::npos)
      << err_.str();
  EXPECT_NE(err_.str().find(", nodes 120\n"), std::string::npos) << err_.str();
}

TEST_F(Runner, WritesInInputOrderWithRecordsFinishingOutOfOrder) {
  FakeJob job;
  job.sleepy = true;
  EXPECT_EQ(run(settings(ids(20), 4), job), kBatchOk);
  EXPECT_EQ(out_.str(), records(ids(20)));
}

TEST_F(Runner, SummaryAlsoOnTheOutputUnlessOneTerminal) {
  FakeJob job;
  Settings s = settings(ids(2));
  s.summary_on_output = true;
  EXPECT_EQ(run(s, job), kBatchOk);
  EXPECT_TRUE(out_.str().starts_with(records(ids(2)) + "summary: 2 problems: 2 taken;"));
  EXPECT_TRUE(err_.str().starts_with("summary: 2 problems:"));
  FakeJob again;
  s.one_terminal = true;
  EXPECT_EQ(run(s, again), kBatchOk);
  EXPECT_NE(out_.str().find("summary: "), std::string::npos);
  EXPECT_EQ(err_.str(), "");
}

TEST_F(Runner, ResumeSkipsWhatIsWrittenAndDropsTheCutRecord) {
  const std::string output = path("out.txt");
  // Two complete records and the start of a third, as an interrupted run leaves them.
  std::ofstream(output) << records({"p0", "p1"}) << "id p2\nresu";
  FakeJob job;
  Settings s = settings(ids(5));
  s.output = output;
  s.resume = true;
  EXPECT_EQ(run(s, job), kBatchOk);
  EXPECT_EQ(slurp(output), records(ids(5)));
  EXPECT_EQ(job.ran(), (std::vector<std::string>{"p2", "p3", "p4"}));
  EXPECT_NE(err_.str().find("summary: 3 problems: 3 taken; 2 skipped (already in the output)"),
            std::string::npos)
      << err_.str();
  // Nothing left to do: the file stays as it is.
  FakeJob none;
  EXPECT_EQ(run(s, none), kBatchOk);
  EXPECT_EQ(slurp(output), records(ids(5)));
  EXPECT_TRUE(none.ran().empty());
}

TEST_F(Runner, ResumeRefusesAFileOfAnotherFormat) {
  const std::string output = path("out.jsonl");
  std::ofstream(output) << "not a record\n";
  FakeJob job;
  Settings s = settings(ids(2));
  s.output = output;
  s.resume = true;
  s.format = Format::Jsonl;
  EXPECT_EQ(run(s, job), kBatchInputError);
  EXPECT_EQ(err_.str(), "test: cannot resume from '" + output +
                            "': line 1 is not a jsonl record of tsume solve\n");
  EXPECT_EQ(slurp(output), "not a record\n");  // untouched
  EXPECT_TRUE(job.ran().empty());
}

TEST_F(Runner, ResumeReadsJsonlIdsAsEscaped) {
  const std::string output = path("out.jsonl");
  std::ofstream(output) << "{\"id\":\"a\\\"b\",\"x\":1}\n";  // the id a"b
  FakeJob job;
  Settings s = settings({"a\"b", "c"});
  s.output = output;
  s.resume = true;
  s.format = Format::Jsonl;
  EXPECT_EQ(run(s, job), kBatchOk);
  EXPECT_EQ(job.ran(), (std::vector<std::string>{"c"}));
}

TEST_F(Runner, ErrorRecordsAreWrittenAndTheBatchGoesOn) {
  FakeJob job;
  EXPECT_EQ(run(settings({"p0", "bad1", "p2"}, 2), job), kBatchOk);
  EXPECT_EQ(out_.str(), records({"p0", "bad1", "p2"}));
}

TEST_F(Runner, NothingReadableIsAnInputError) {
  FakeJob job;
  EXPECT_EQ(run(settings({"bad0", "bad1"}), job), kBatchInputError);
  EXPECT_EQ(out_.str(), records({"bad0", "bad1"}));
}

TEST_F(Runner, NoProblemInTheInputsIsAnInputError) {
  FakeJob job;
  EXPECT_EQ(run(settings({}), job), kBatchInputError);
  EXPECT_NE(err_.str().find("test: no problem found in the inputs\n"), std::string::npos);
}

TEST_F(Runner, ResumingADoneBatchIsNoError) {
  const std::string output = path("out.txt");
  std::ofstream(output) << records({"p0"});
  FakeJob job;
  Settings s = settings({"p0"});
  s.output = output;
  s.resume = true;
  EXPECT_EQ(run(s, job), kBatchOk);
}

TEST_F(Runner, InterruptStopsCleanlyAndResumeFinishesWithoutDuplicates) {
  const std::string output = path("out.txt");
  FakeJob job;
  Settings s = settings({"p0", "p1", "stop", "p3", "p4"});
  s.output = output;
  EXPECT_EQ(run(s, job), kBatchInterrupted);
  EXPECT_EQ(slurp(output), records({"p0", "p1"}));  // the record cut short is not written
  EXPECT_EQ(job.ran(), (std::vector<std::string>{"p0", "p1", "stop"}));  // nothing after it
  EXPECT_NE(err_.str().find("; interrupted\n"), std::string::npos) << err_.str();

  // The input fixed, --resume does the rest.
  s.inputs = {tsv({"p0", "p1", "p2", "p3", "p4"})};
  s.resume = true;
  FakeJob rest;
  EXPECT_EQ(run(s, rest), kBatchOk);
  EXPECT_EQ(rest.ran(), (std::vector<std::string>{"p2", "p3", "p4"}));
  EXPECT_EQ(slurp(output), records({"p0", "p1", "p2", "p3", "p4"}));
}

TEST_F(Runner, InterruptWithSeveralThreadsWritesAPrefix) {
  std::vector<std::string> input = ids(30);
  input[10] = "stop";
  FakeJob job;
  job.sleepy = true;
  EXPECT_EQ(run(settings(input, 3), job), kBatchInterrupted);
  // Whatever was written is the start of the input, and stops before "stop".
  const std::string written = out_.str();
  EXPECT_TRUE(records(ids(10)).starts_with(written)) << written;
  EXPECT_EQ(written.find("id stop"), std::string::npos);
}

TEST_F(Runner, ShardsTakeEveryNthRecord) {
  FakeJob job;
  Settings s = settings(ids(8));
  s.shard_index = 1;
  s.shard_count = 3;
  EXPECT_EQ(run(s, job), kBatchOk);
  EXPECT_EQ(out_.str(), records({"p1", "p4", "p7"}));
}

TEST_F(Runner, AnOutputThatCannotBeWritten) {
  FakeJob job;
  Settings s = settings(ids(2));
  s.output = path("no-such-folder/out.txt");
  EXPECT_EQ(run(s, job), kBatchInputError);
  EXPECT_EQ(err_.str(), "test: cannot write '" + s.output + "'\n");
  EXPECT_TRUE(job.ran().empty());
}

TEST_F(Runner, AFailedFileOfTheJobStopsTheBatch) {
  FakeJob job;
  job.fail_after = "p1";
  EXPECT_EQ(run(settings(ids(6)), job), kBatchInputError);
  EXPECT_EQ(out_.str(), records({"p0", "p1"}));
  EXPECT_EQ(job.ran().size(), 2u);  // one thread: nothing started after the failure
  EXPECT_EQ(err_.str(), "test: cannot write side-file\n");
}

TEST_F(Runner, EntriesTravelAsBytes) {
  const Entry e{"id x\n\n", false, true, 12345, std::string("a\0b", 3)};
  const Entry back = decode_entry(encode_entry(e));
  EXPECT_EQ(back.record, e.record);
  EXPECT_FALSE(back.readable);
  EXPECT_TRUE(back.counted);
  EXPECT_EQ(back.nodes, 12345u);
  EXPECT_EQ(back.data, e.data);
}

TEST_F(Runner, RecordsTravelAsBytes) {
  Record r;
  r.kind = Record::Kind::Sfen;
  r.id = "zukou-001";
  r.text = kSfen;
  r.moves = "G*5b";
  r.moves_lead_to_problem = true;
  r.length = "1";
  r.file = "in.tsv";
  r.line = 7;
  const Record back = decode_record(encode_record(r));
  EXPECT_EQ(back.kind, r.kind);
  EXPECT_EQ(back.id, r.id);
  EXPECT_EQ(back.text, r.text);
  EXPECT_EQ(back.moves, r.moves);
  EXPECT_TRUE(back.moves_lead_to_problem);
  EXPECT_EQ(back.length, r.length);
  EXPECT_EQ(back.file, r.file);
  EXPECT_EQ(back.line, 7);
}

}  // namespace
}  // namespace tsume::batch
