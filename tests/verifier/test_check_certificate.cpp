// Hand-made check certificates (format version 2, docs/certificate.md "Certificates of `tsume
// check`'s verdicts"), checked by the verifier, and mutations that it must reject at the part
// and node named. The positions and their analysis are those of tests/cli/data/check_small.tsv
// (reasoning in tests/answer/test_check.cpp), written here with the defender's hand empty:
//
// - cooked-1: White king 9a, Black king 9c, a gold in hand. G*8b and G*9b both mate (each gold
//   guarded by the king; 8a, 9b / 8b covered): a cook in a 1-ply problem. G*8a is a check but no
//   mate: the king takes the gold (8a is not guarded).
// - sound-1: White king 5a, Black pawn 5c, a gold in hand. G*5b mates (guarded by the pawn). The
//   other checks are G*4a, G*6a, G*4b, G*6b (the king takes the unguarded gold), 5c5b and 5c5b+
//   (the king takes the pawn or tokin): none mates in 1.
// - cooked-3: White king 9a, Black king 9c, gold 6a, knights 9e and 7e. 9e8c and 7e8c give the
//   same check (unpromoted: a promoted knight does not reach 9a); the king must go to 8a (8b and
//   9b are the Black king's) and 6a7a mates: a cook at move 1. No check mates at once: after
//   either knight move the king has 8a.
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/verifier/certificate_text.h"
#include "verifier/certificate.h"

namespace tsume::verifier {
namespace {

using test::read;
using test::read_error;
using test::replace;

const std::string kCooked1 = R"(tsume-certificate 2
claim cooked
problem cooked-1
sfen k8/9/K8/9/9/9/9/9/9 b G 1
futile not-counted
line G*8b
parts 2
part main 0 G*8b
tsume-certificate 1
sfen k8/9/K8/9/9/9/9/9/9 b G 1
futile not-counted
length 1
nodes 2
0 A 1 G*8b 1
1 D 0
end
part cook 0 G*9b
tsume-certificate 1
sfen k8/9/K8/9/9/9/9/9/9 b G 1
futile not-counted
length 1
nodes 2
0 A 1 G*9b 1
1 D 0
end
end
)";

// The mate part of sound-1: G*5b mates at once.
const std::string kSound1Mate = R"(part mate 0 G*5b
tsume-certificate 1
sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1
futile not-counted
length 1
nodes 2
0 A 1 G*5b 1
1 D 0
end
)";

// A part of sound-1: the position after `check` (`sfen`), where the defender's `reply` takes the
// checking piece; no mate within 1 (the defender to move: not mated at once).
std::string alternative(const std::string& check, const std::string& sfen,
                        const std::string& reply) {
  return "part alternative 0 " + check + "\ntsume-certificate 1\nclaim no-mate-within\nsfen " +
         sfen + "\nfutile not-counted\nlength 1\nnodes 1\n0 D 1 " + reply + " -\nend\n";
}

const std::string kSound1 = std::string(R"(tsume-certificate 2
claim sound
problem sound-1
sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1
futile not-counted
line G*5b
parts 7
)") + kSound1Mate + alternative("G*4a", "4kG3/9/4P4/9/9/9/9/9/9 w - 1", "5a4a") +
                            alternative("G*6a", "3Gk4/9/4P4/9/9/9/9/9/9 w - 1", "5a6a") +
                            alternative("G*4b", "4k4/5G3/4P4/9/9/9/9/9/9 w - 1", "5a4b") +
                            alternative("G*6b", "4k4/3G5/4P4/9/9/9/9/9/9 w - 1", "5a6b") +
                            alternative("5c5b", "4k4/4P4/9/9/9/9/9/9/9 w G 1", "5a5b") +
                            alternative("5c5b+", "4k4/4+P4/9/9/9/9/9/9/9 w G 1", "5a5b") + "end\n";

const std::string kCooked3 = R"(tsume-certificate 2
claim cooked
problem cooked-3
sfen k2G5/9/K8/9/N1N6/9/9/9/9 b - 1
futile not-counted
line 7e8c 9a8a 6a7a
parts 3
part main 0 7e8c
tsume-certificate 1
sfen k2G5/9/K8/9/N1N6/9/9/9/9 b - 1
futile not-counted
length 3
nodes 4
0 A 3 7e8c 1
1 D 2 9a8a 2
2 A 1 6a7a 3
3 D 0
end
part not-last 0 -
tsume-certificate 1
claim no-mate-within
sfen k2G5/9/K8/9/N1N6/9/9/9/9 b - 1
futile not-counted
length 1
nodes 3
0 A 1 7e8c 1 9e8c 2
1 D 0 9a8a -
2 D 0 9a8a -
end
part cook 0 9e8c
tsume-certificate 1
sfen k2G5/9/K8/9/N1N6/9/9/9/9 b - 1
futile not-counted
length 3
nodes 4
0 A 3 9e8c 1
1 D 2 9a8a 2
2 A 1 6a7a 3
3 D 0
end
end
)";

// Removes the part that begins with the line `head` (up to its certificate's `end`) and sets
// the part count to `parts`.
std::string remove_part(std::string text, const std::string& head, int parts) {
  const auto at = text.find(head + "\n");
  EXPECT_NE(at, std::string::npos) << head;
  if (at == std::string::npos) return text;
  const auto end = text.find("\nend\n", at);
  text.erase(at, end + 5 - at);
  const auto count = text.find("\nparts ");
  const auto eol = text.find('\n', count + 1);
  text.replace(count + 1, eol - count - 1, "parts " + std::to_string(parts));
  return text;
}

void expect_valid(const std::string& text, const std::string& summary) {
  const Verdict v = verify(read(text));
  EXPECT_TRUE(v.valid) << "part " << v.part << " node " << v.node << ": " << v.reason;
  EXPECT_EQ(v.summary, summary);
}

void expect_invalid(const std::string& text, long part, long node, const std::string& reason) {
  const Verdict v = verify(read(text));
  EXPECT_FALSE(v.valid);
  EXPECT_EQ(v.part, part) << v.reason;
  EXPECT_EQ(v.node, node) << v.reason;
  EXPECT_NE(v.reason.find(reason), std::string::npos) << v.reason;
}

TEST(CheckCertificate, HandMadeCertificatesAreValid) {
  expect_valid(kCooked1, "cooked at 0 by G*9b for G*8b (mate within 1)");
  expect_valid(kSound1,
               "sound length 1 (6 alternatives disproved, 0 mirror images, 0 exemptions trusted)");
  expect_valid(kCooked3, "cooked at 0 by 9e8c for 7e8c (mate within 3)");
}

TEST(CheckCertificate, VersionOneIsStillRead) {
  const Certificate c = read(R"(tsume-certificate 1
sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1
futile not-counted
length 1
nodes 2
0 A 1 G*5b 1
1 D 0
end
)");
  EXPECT_EQ(c.version, 1);
  EXPECT_TRUE(verify(c).valid);
}

TEST(CheckCertificate, ACookWhoseLeafIsNoMateIsRejected) {
  // G*8a: the king takes the gold.
  std::string text = replace(kCooked1, "part cook 0 G*9b", "part cook 0 G*8a");
  text = replace(text, "0 A 1 G*9b 1", "0 A 1 G*8a 1");
  expect_invalid(text, 1, 1, "recorded as mate but the defender has the legal reply 9a8a");
  // cooked-3: 8c7a+ instead of 6a7a checks from 7a (guarded by the gold), but the knight has
  // left 8c and 9a is free: the king escapes there.
  const auto cook = kCooked3.find("part cook");
  std::string three = kCooked3;
  three.replace(three.find("6a7a", cook), 4, "8c7a+");
  expect_invalid(three, 2, 3, "recorded as mate but the defender has the legal reply 8a9a");
}

TEST(CheckCertificate, TheCookMustBeAnotherMove) {
  std::string text = replace(kCooked1, "part cook 0 G*9b", "part cook 0 G*8b");
  text = replace(text, "0 A 1 G*9b 1", "0 A 1 G*8b 1");
  expect_invalid(text, 1, -1, "is the line's own move");
}

TEST(CheckCertificate, ACookLongerThanItsProofClaimsIsRejected) {
  // The cook part claims a mate within 1 where its proof takes 3 plies.
  const auto cook = kCooked3.find("part cook");
  std::string text = kCooked3;
  text.replace(text.find("length 3", cook), 8, "length 1");
  expect_invalid(text, 2, 0, "claims length 1 but its root is mated in 3");
}

TEST(CheckCertificate, ACookAtWhatMayBeTheLastNodeIsRejected) {
  // Without the not-last part the node could be the last attacker node, where another mate is a
  // flaw (最終手余詰), not a cook.
  expect_invalid(remove_part(kCooked3, "part not-last 0 -", 2), 1, -1, "no not-last part");
}

TEST(CheckCertificate, ASoundCertificateWithoutOneDisproofIsRejected) {
  expect_invalid(remove_part(kSound1, "part alternative 0 G*6b", 6), -1, -1,
                 "the check G*6b at ply 0 (for G*5b) is neither disproven nor exempt");
}

TEST(CheckCertificate, ADisproofOfTheWrongPositionIsRejected) {
  // The part for G*4a given the position after G*6a.
  expect_invalid(replace(kSound1, "4kG3/9/4P4", "3Gk4/9/4P4"), 1, -1,
                 "its certificate's position is not the one at ply 0 after G*4a");
}

TEST(CheckCertificate, ADisproofWithAnIllegalReplyIsRejected) {
  // After G*4b the king cannot go to 5b (the pawn and the gold cover it).
  expect_invalid(replace(kSound1, "0 D 1 5a4b -", "0 D 1 5a5b -"), 3, 0, "is not legal");
}

TEST(CheckCertificate, APromotionCookInAOnePlyProblemNeedsNoSlowPart) {
  // White king 9a; Black king 9c, silver 8c. 8c8b and 8c8b+ both mate: the piece on 8b attacks
  // 9a, covers 8a, is guarded by the king, which covers 9b. Non-limitation exempts only before
  // the last move, so in a 1-ply problem the promotion is a cook with no further part.
  const std::string sfen = "k8/9/KS7/9/9/9/9/9/9 b - 1";
  const std::string text = "tsume-certificate 2\nclaim cooked\nsfen " + sfen +
                           "\nfutile not-counted\nline 8c8b\nparts 2\n"
                           "part main 0 8c8b\ntsume-certificate 1\nsfen " +
                           sfen +
                           "\nfutile not-counted\nlength 1\nnodes 2\n0 A 1 8c8b 1\n1 D 0\nend\n"
                           "part cook 0 8c8b+\ntsume-certificate 1\nsfen " +
                           sfen +
                           "\nfutile not-counted\nlength 1\nnodes 2\n0 A 1 8c8b+ 1\n1 D 0\nend\n"
                           "end\n";
  expect_valid(text, "cooked at 0 by 8c8b+ for 8c8b (mate within 1)");
}

TEST(CheckCertificate, AMirrorImageIsNoCook) {
  // mirror of check_small.tsv: White king 5a between its pawns on 6a and 4a, Black gold 5c, a
  // knight in hand. N*6c and N*4c both mate (the knight attacks 5a; 4b 5b 6b are the gold's,
  // 4a 6a the king's own pawns), but on this symmetric board they are mirror images (鏡像).
  const std::string sfen = "3pkp3/9/4G4/9/9/9/9/9/9 b N 1";
  const auto mate = [&](const std::string& move) {
    return "tsume-certificate 1\nsfen " + sfen + "\nfutile not-counted\nlength 1\nnodes 2\n0 A 1 " +
           move + " 1\n1 D 0\nend\n";
  };
  const std::string text = "tsume-certificate 2\nclaim cooked\nsfen " + sfen +
                           "\nfutile not-counted\nline N*6c\nparts 2\npart main 0 N*6c\n" +
                           mate("N*6c") + "part cook 0 N*4c\n" + mate("N*4c") + "end\n";
  expect_invalid(text, 1, -1, "N*4c is the mirror image of N*6c on a symmetric board");
  // The same cook on the board with a White pawn on 9a is no mirror image: a cook.
  const std::string asymmetric = "p2pkp3/9/4G4/9/9/9/9/9/9 b N 1";
  std::string other = text;
  for (std::size_t at; (at = other.find(sfen)) != std::string::npos;)
    other.replace(at, sfen.size(), asymmetric);
  expect_valid(other, "cooked at 0 by N*4c for N*6c (mate within 1)");
}

TEST(CheckCertificate, ACookThatRejoinsTheMainLineIsNoCook) {
  // White king 1a; Black horse (+B) 3d, lance 2d (covering 2c 2b 2a). The checks: 3d3c and 3d4d
  // (the horse on the diagonal through 2b to 1a), 3d1b (next to the king, unguarded: taken),
  // 2d2a+ and 2d2b+ (the king takes the unguarded promoted lance); none mates at once. After
  // 3d3c or 3d4d the king's one move is 1b (2a and 2b are the lance's, White has no piece to
  // interpose), and the horse to 2b mates: guarded by the lance, it covers 1a 1c (diagonally) and
  // 2a 2c (its steps). 3d4d 1a1b 4d2b ends in the position of 3d3c 1a1b 3c2b: the horse's other
  // route (迂回) rejoins the main line after 3 moves, so it is no cook.
  const std::string sfen = "8k/9/9/6+BL1/9/9/9/9/9 b - 1";
  const auto mate = [&](const std::string& first, const std::string& last) {
    return "tsume-certificate 1\nsfen " + sfen + "\nfutile not-counted\nlength 3\nnodes 4\n0 A 3 " +
           first + " 1\n1 D 2 1a1b 2\n2 A 1 " + last + " 3\n3 D 0\nend\n";
  };
  const std::string cook = mate("3d4d", "4d2b");
  // On its own the cook's proof is a valid mate in 3.
  const Verdict alone = verify(read(cook));
  EXPECT_TRUE(alone.valid) << "node " << alone.node << ": " << alone.reason;
  EXPECT_EQ(alone.length, 3);
  const std::string text =
      "tsume-certificate 2\nclaim cooked\nsfen " + sfen +
      "\nfutile not-counted\nline 3d3c 1a1b 3c2b\nparts 3\npart main 0 3d3c\n" +
      mate("3d3c", "3c2b") + "part not-last 0 -\ntsume-certificate 1\nclaim no-mate-within\nsfen " +
      sfen +
      "\nfutile not-counted\nlength 1\nnodes 6\n0 A 1 2d2a+ 1 2d2b+ 2 3d1b 3 3d3c 4 3d4d 5\n"
      "1 D 0 1a2a -\n2 D 0 1a2b -\n3 D 0 1a1b -\n4 D 0 1a1b -\n5 D 0 1a1b -\nend\n"
      "part cook 0 3d4d\n" +
      cook + "end\n";
  expect_invalid(text, 2, 3, "passes through the main line's position after 3 moves (迂回");
}

TEST(CheckCertificate, AnUnknownRoleIsAReadError) {
  std::istringstream in(replace(kCooked1, "part cook 0 G*9b", "part spoon 0 G*9b"));
  CertificateReader reader(in, "test.cert");
  Certificate c;
  EXPECT_THROW(reader.next(c), std::runtime_error);
}

// sound-1 in format version 3: the six alternatives' roots are nodes of one shared table.
// Hand analysis of the nodes of no mate at all: after G*4a the king takes (5a4a); Black, with a
// pawn on 5c and nothing in hand, has one check, 5c5b+ (the tokin covers 4a), and the king takes
// it (4a5b): Black has no piece left, so no check at all (node 3). G*6a is the mirror image and
// its line ends in the same position (White king 5b, White holding gold and pawn): node 3 again.
// 5c5b and 5c5b+ both end, after 5a5b, with White's king on 5b, a pawn in White's hand and the
// gold in Black's: one node (11) of "no mate within 0" serves both parts' "no mate within 1".
const std::string kSound1Shared = std::string(R"(tsume-certificate 3
claim sound
problem sound-1
sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1
futile not-counted
line G*5b
nodes 12
0 D inf 5a4a 1
1 A inf 5c5b+ 2
2 D inf 4a5b 3
3 A inf
4 D inf 5a6a 5
5 A inf 5c5b+ 6
6 D inf 6a5b 3
7 D 1 5a4b -
8 D 1 5a6b -
9 D 1 5a5b 11
10 D 1 5a5b 11
11 A 0
parts 7
)") + kSound1Mate + std::string(R"(part alternative 0 G*4a node 0
part alternative 0 G*6a node 4
part alternative 0 G*4b node 7
part alternative 0 G*6b node 8
part alternative 0 5c5b node 9
part alternative 0 5c5b+ node 10
end
)");

TEST(SharedCheckCertificate, PartsSharingNodesAreValid) {
  const Certificate c = read(kSound1Shared);
  EXPECT_EQ(c.version, 3);
  EXPECT_EQ(c.nodes.size(), 12u);
  const Verdict v = verify(c);
  EXPECT_TRUE(v.valid) << "part " << v.part << " node " << v.node << ": " << v.reason;
  EXPECT_EQ(v.summary,
            "sound length 1 (6 alternatives disproved, 0 mirror images, 0 exemptions trusted)");
  EXPECT_EQ(v.nodes, 14u);  // the table's 12 and the mate part's 2
}

TEST(SharedCheckCertificate, ASharedNodeTooWeakForOneOfItsUsersIsRejected) {
  // Node 10 claims no mate within 2, which needs its child not mated within 1; node 11, shared
  // with node 9 (which needs only 0), records 0.
  expect_invalid(replace(kSound1Shared, "10 D 1 5a5b 11", "10 D 2 5a5b 11"), 6, 10,
                 "the reply 5a5b leads to node 11, not mated only within 0, less than 1");
  // A node of no mate at all whose child records a finite distance.
  expect_invalid(replace(kSound1Shared, "6 D inf 6a5b 3", "6 D inf 6a5b 11"), 2, 6,
                 "not mated only within 0, less than inf");
}

TEST(SharedCheckCertificate, ARootNodeTooWeakForItsPartIsRejected) {
  expect_invalid(replace(kSound1Shared, "7 D 1 5a4b -", "7 D 0 5a4b -"), 3, 7,
                 "the node records no mate within 0, but the alternative part needs no mate "
                 "within 1");
}

TEST(SharedCheckCertificate, APartWhoseRootIsTheWrongPositionIsRejected) {
  // G*6a's part names node 0, the position after G*4a.
  expect_invalid(
      replace(kSound1Shared, "part alternative 0 G*6a node 4", "part alternative 0 G*6a node 0"), 2,
      0,
      "the part's root (the position at ply 0 after G*6a) is not the position of "
      "node 0, reached before");
  // Reached first as the wrong position: G*4a's part names node 4 (the king to 6a is legal
  // there too), whose child then lacks the check 4a5a that the gold on 4a has.
  expect_invalid(
      replace(kSound1Shared, "part alternative 0 G*4a node 0", "part alternative 0 G*4a node 4"), 1,
      5, "the legal check 4a5a is missing");
}

TEST(SharedCheckCertificate, DanglingAndUnusedNodesAreRejected) {
  EXPECT_EQ(read_error(replace(kSound1Shared, "part alternative 0 G*4a node 0",
                               "part alternative 0 G*4a node 12")),
            "test.cert:30: '12' is not a node id of the table");
  EXPECT_EQ(read_error(replace(kSound1Shared, "2 D inf 4a5b 3", "2 D inf 4a5b 12")),
            "test.cert:10: '12' is not a node id of this certificate");
  // A node that no part's root reaches.
  std::string unused = replace(kSound1Shared, "nodes 12\n", "nodes 13\n");
  unused = replace(unused, "11 A 0\n", "11 A 0\n12 A 0\n");
  expect_invalid(unused, -1, 12, "the node is not reachable from any part's root");
}

TEST(SharedCheckCertificate, OnlyNoMatePartsNameANode) {
  std::string text = kSound1Shared;
  const auto from = text.find("part mate 0 G*5b\n");
  const auto to = text.find("part alternative");
  text.replace(from, to - from, "part mate 0 G*5b node 11\n");
  EXPECT_NE(read_error(text).find("a mate part holds a certificate of its own"), std::string::npos)
      << read_error(text);
  // Version 2 has no table.
  EXPECT_NE(read_error(replace(kSound1Shared, "tsume-certificate 3", "tsume-certificate 2"))
                .find("unknown header line 'nodes' of a check certificate"),
            std::string::npos);
}

// Sho shogi check certificates ("rules sho", docs/sho.md), hand-made, checked under the
// verifier's sho rules:
//
// - sho-002 of problems/sho.tsv: White king 1a, elephant 2b; Black rook 9a, gold 3a, pawn 1c,
//   king 5i. 3a2a mates: the gold, guarded by the rook along rank a, covers 1b with the pawn,
//   and the elephant cannot take it (no step straight back). The other checks: 3a3b uncovers the
//   rook (the elephant interposes with 2b3a, a step diagonally back), 1c1b and 1c1b+ (the king
//   takes the unguarded pawn or tokin). None mates in 1.
// - White king 1a; Black golds 2c and 1c, king 5i. The four checks 1c1b, 1c2b, 2c1b, 2c2b all
//   mate: each covers the king's squares with the other gold, which guards it (a 1-ply cook).
std::string sho_alternative(const std::string& check, const std::string& sfen,
                            const std::string& reply) {
  return "part alternative 0 " + check +
         "\ntsume-certificate 1\nclaim no-mate-within\nrules sho\nsfen " + sfen +
         "\nfutile not-counted\nlength 1\nnodes 1\n0 D 1 " + reply + " -\nend\n";
}

const std::string kSho002 = std::string(R"(tsume-certificate 2
claim sound
rules sho
problem sho-002
sfen R5G1k/7e1/8P/9/9/9/9/9/4K4 b - 1
futile not-counted
line 3a2a
parts 4
part mate 0 3a2a
tsume-certificate 1
rules sho
sfen R5G1k/7e1/8P/9/9/9/9/9/4K4 b - 1
futile not-counted
length 1
nodes 2
0 A 1 3a2a 1
1 D 0
end
)") + sho_alternative("3a3b", "R7k/6Ge1/8P/9/9/9/9/9/4K4 w - 1", "2b3a") +
                            sho_alternative("1c1b", "R5G1k/7eP/9/9/9/9/9/9/4K4 w - 1", "1a1b") +
                            sho_alternative("1c1b+", "R5G1k/7e+P/9/9/9/9/9/9/4K4 w - 1", "1a1b") +
                            "end\n";

const std::string kShoCooked1 = R"(tsume-certificate 2
claim cooked
rules sho
problem sho-cooked-1
sfen 8k/9/7GG/9/9/9/9/9/4K4 b - 1
futile not-counted
line 1c1b
parts 2
part main 0 1c1b
tsume-certificate 1
rules sho
sfen 8k/9/7GG/9/9/9/9/9/4K4 b - 1
futile not-counted
length 1
nodes 2
0 A 1 1c1b 1
1 D 0
end
part cook 0 2c2b
tsume-certificate 1
rules sho
sfen 8k/9/7GG/9/9/9/9/9/4K4 b - 1
futile not-counted
length 1
nodes 2
0 A 1 2c2b 1
1 D 0
end
end
)";

TEST(ShoCheckCertificate, HandMadeCertificatesAreValid) {
  expect_valid(kSho002,
               "sound length 1 (3 alternatives disproved, 0 mirror images, 0 exemptions trusted)");
  expect_valid(kShoCooked1, "cooked at 0 by 2c2b for 1c1b (mate within 1)");
}

TEST(ShoCheckCertificate, TheElephantHasNoStepStraightBack) {
  // After 3a3b the elephant cannot block on 2a (straight back), only on 3a.
  expect_invalid(replace(kSho002, "0 D 1 2b3a -", "0 D 1 2b2a -"), 1, 0, "is not legal");
}

TEST(ShoCheckCertificate, ASoundCertificateWithoutOneDisproofIsRejected) {
  expect_invalid(remove_part(kSho002, "part alternative 0 1c1b+", 3), -1, -1,
                 "the check 1c1b+ at ply 0 (for 3a2a) is neither disproven nor exempt");
}

TEST(ShoCheckCertificate, TheRulesMustBeSho) {
  // Without `rules sho` the SFEN's elephant is no piece of modern shogi.
  expect_invalid(replace(kSho002, "claim sound\nrules sho\n", "claim sound\n"), -1, -1,
                 "the root SFEN");
  // A part under other rules than the container's.
  expect_invalid(replace(kShoCooked1, "part cook 0 2c2b\ntsume-certificate 1\nrules sho\n",
                         "part cook 0 2c2b\ntsume-certificate 1\n"),
                 1, -1, "the part's certificate is for shogi, the check certificate for sho");
  // The container of a modern shogi certificate claiming sho: the parts say otherwise.
  expect_invalid(replace(kCooked3, "claim cooked\n", "claim cooked\nrules sho\n"), 0, -1,
                 "the part's certificate is for shogi, the check certificate for sho");
  // A wrong rules word is a read error.
  EXPECT_NE(
      read_error(replace(kShoCooked1, "claim cooked\nrules sho\n", "claim cooked\nrules chu\n"))
          .find("rules must be 'shogi' or 'sho'"),
      std::string::npos);
}

}  // namespace
}  // namespace tsume::verifier
