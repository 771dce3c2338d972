// Hand-made certificates (docs/certificate.md) of SPEC.md section 5's short problems, checked by
// the verifier, and mutations of them that it must reject at the node named.
//
// - kMateInOne: 4k4/9/4P4/... with a gold in hand; ▲５二金打 mates (the gold is guarded by the
//   pawn, every square of the king is covered): 1 ply.
// - kPinned: SPEC.md section 5, "1-ply mate (the defender's interposer is pinned)": ▲５五角; the
//   knight on 2a is pinned by the dragon, so every drop on 2b, 3c or 4d is futile: the bishop
//   takes on the square and it is mate (on 2b at once; from 3c or 4d only futile drops remain).
// - kThreeNotSeven: SPEC.md section 5, "3 plies (not 7)": ▲１四龍 △同玉 ▲３三飛成, the drops on
//   2e and 3f futile.
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/verifier/certificate_text.h"
#include "verifier/certificate.h"

namespace tsume::verifier {
namespace {

using test::read;
using test::replace;

const std::string kMateInOne = R"(tsume-certificate 1
problem mate-in-one
sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1
futile not-counted
length 1
nodes 2
0 A 1 G*5b 1
1 D 0
end
)";

const std::string kPinned = R"(tsume-certificate 1
problem pinned-interposer
sfen 3+R3nk/8p/7P1/9/9/9/9/9/8B b rb4g4s3n4l16p 1
futile not-counted
length 1
nodes 5
0 A 1 1i5e 1
1 D 0 P*2b f2 P*3c f3 P*4d f4 L*2b f2 L*3c f3 L*4d f4 N*2b f2 N*3c f3 N*4d f4 S*2b f2 S*3c f3 S*4d f4 G*2b f2 G*3c f3 G*4d f4 B*2b f2 B*3c f3 B*4d f4 R*2b f2 R*3c f3 R*4d f4
2 D 0
3 D 0 P*2b f2 L*2b f2 N*2b f2 S*2b f2 G*2b f2 B*2b f2 R*2b f2
4 D 0 P*2b f2 P*3c f3 L*2b f2 L*3c f3 N*2b f2 N*3c f3 S*2b f2 S*3c f3 G*2b f2 G*3c f3 B*2b f2 B*3c f3 R*2b f2 R*3c f3
end
)";

const std::string kThreeNotSeven = R"(tsume-certificate 1
problem futile-3-not-7
sfen 9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1
futile not-counted
length 3
nodes 6
0 A 3 3d1d 1
1 D 2 1c1d 2
2 A 1 3f3c+ 3
3 D 0 P*2e f4 P*3f f5 L*2e f4 L*3f f5 N*2e f4 N*3f f5 S*2e f4 S*3f f5 G*2e f4 G*3f f5 B*2e f4 B*3f f5 R*2e f4 R*3f f5
4 D 0
5 D 0 P*2e f4 L*2e f4 N*2e f4 S*2e f4 G*2e f4 B*2e f4 R*2e f4
end
)";

// No mate within 3: the only check, ▲５二歩打, is taken by the king, and the attacker has
// nothing left to check with (its king on 1i is far away).
const std::string kNoMateWithinThree = R"(tsume-certificate 1
claim no-mate-within
problem lone-pawn
sfen 4k4/9/9/9/9/9/9/9/8K b P 1
futile not-counted
length 3
nodes 3
0 A 3 P*5b 1
1 D 2 5a5b 2
2 A 1
end
)";

// No mate at all, with a cycle: a horse against a king that holds a gold. ▲２三馬 is taken
// (nothing is left to check with); after ▲５四馬 △２三玉 the horse checks from 3b (taken) or
// from 4e, and △３二玉 is the start again (node 7 leads back to node 0). The defender never
// needs the gold.
const std::string kNoMateAtAll = R"(tsume-certificate 1
claim no-mate
problem horse-round
sfen 9/6k2/9/9/5+B3/9/9/9/9 b g 1
futile counted
length inf
nodes 8
0 A inf 4e2c 1 4e5d 3
1 D inf 3b2c 2
2 A inf
3 D inf 3b2c 4
4 A inf 5d3b 5 5d4e 7
5 D inf 2c3b 6
6 A inf
7 D inf 2c3b 0
end
)";

// Expects the verifier to reject `text` at `node` with a reason that contains `reason`.
// kThreeNotSeven's position claimed not mated within 3 with an implicit child after ▲１四龍,
// which is mated within 2 (explained where version 4 refuses it).
const std::string kImplicitChildMated = R"(tsume-certificate 4
claim no-mate-within
sfen 9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1
futile not-counted
length 3
nodes 1
0 A 3 3d1d *
end
)";

void expect_invalid(const std::string& text, long node, const std::string& reason) {
  const Verdict v = verify(read(text));
  EXPECT_FALSE(v.valid);
  EXPECT_EQ(v.node, node) << v.reason;
  EXPECT_NE(v.reason.find(reason), std::string::npos) << v.reason;
}

TEST(Certificate, ValidCertificates) {
  for (const auto& [text, nodes, length] :
       {std::tuple{kMateInOne, 2u, 1}, {kPinned, 5u, 1}, {kThreeNotSeven, 6u, 3}}) {
    const Verdict v = verify(read(text));
    EXPECT_TRUE(v.valid) << "node " << v.node << ": " << v.reason;
    EXPECT_EQ(v.nodes, nodes);
    EXPECT_EQ(v.length, length);
  }
}

TEST(Certificate, SeveralInOneStream) {
  std::istringstream in("# a comment\n" + kMateInOne + "\n" + kThreeNotSeven);
  CertificateReader reader(in, "two.cert");
  Certificate c;
  ASSERT_TRUE(reader.next(c));
  EXPECT_EQ(c.problem, "mate-in-one");
  ASSERT_TRUE(reader.next(c));
  EXPECT_EQ(c.problem, "futile-3-not-7");
  EXPECT_FALSE(reader.next(c));
}

TEST(Certificate, ReplyRemoved) {
  expect_invalid(replace(kPinned, " R*4d f4\n", "\n"), 1, "the legal reply R*4d is missing");
}

TEST(Certificate, LeafThatIsNotMate) {
  // ▲４二金打 checks, but the king escapes to 6a or 6b.
  expect_invalid(replace(kMateInOne, "G*5b", "G*4b"), 1,
                 "recorded as mate but the defender has the legal reply");
}

TEST(Certificate, WrongLength) {
  expect_invalid(replace(kMateInOne, "length 1", "length 3"), 0, "claims length 3");
  // A longer length claimed consistently at the root.
  expect_invalid(
      replace(replace(kThreeNotSeven, "length 3", "length 5"), "0 A 3 3d1d 1", "0 A 5 3d1d 1"), 0,
      "records mate in 5 but 3d1d leads to node 1, mated in 2");
}

TEST(Certificate, AttackerMoveNotACheckOrNotLegal) {
  expect_invalid(replace(kMateInOne, "G*5b", "G*9i"), 0, "does not give check");
  expect_invalid(replace(kMateInOne, "G*5b", "P*5b"), 0, "the check P*5b is not legal");
}

TEST(Certificate, FutileExemptionThatDoesNotHold) {
  // The drop on 2e said to be exempt by node 1, which is mated in 2, at a node mated in 0.
  expect_invalid(replace(kThreeNotSeven, "3 D 0 P*2e f4", "3 D 0 P*2e f1"), 3,
                 "the futile interposition P*2e is not exempt");
  // A king move cannot be exempt.
  expect_invalid(replace(kThreeNotSeven, "1c1d 2", "1c1d f2"), 1,
                 "the reply 1c1d is marked futile but is no drop");
  // The comparison position of 4d is not the node of 3c's.
  expect_invalid(replace(kPinned, "P*4d f4", "P*4d f3"), 3, "reached as two different positions");
  // No exemption when every interposition counts.
  expect_invalid(replace(kPinned, "futile not-counted", "futile counted"), 1,
                 "counts every interposition");
}

TEST(Certificate, PositionsOccurOnce) {
  std::string text = replace(kThreeNotSeven, "nodes 6", "nodes 7");
  text = replace(text, "5 D 0 P*2e f4", "5 D 0 P*2e f6");
  text = replace(text, "end\n", "6 D 0\nend\n");
  expect_invalid(text, 6, "repeats the position of node 4");
}

TEST(Certificate, UnreachableNode) {
  std::string text = replace(kMateInOne, "nodes 2", "nodes 3");
  text = replace(text, "end\n", "2 D 0\nend\n");
  expect_invalid(text, 2, "not reachable from the root");
}

TEST(NoMateCertificate, ValidAndMutations) {
  const Verdict v = verify(read(kNoMateWithinThree));
  EXPECT_TRUE(v.valid) << "node " << v.node << ": " << v.reason;
  EXPECT_EQ(v.length, 3);
  // A check left out.
  expect_invalid(replace(kNoMateWithinThree, "0 A 3 P*5b 1", "0 A 3"), 0,
                 "the legal check P*5b is missing");
  // A defender node recording less than its parent needs.
  expect_invalid(replace(kNoMateWithinThree, "1 D 2 5a5b 2", "1 D 1 5a5b 2"), 0,
                 "not mated only within 1, less than 2");
  // Two replies where one is given.
  expect_invalid(replace(kNoMateWithinThree, "1 D 2 5a5b 2", "1 D 2 5a5b 2 5a4a 2"), 1,
                 "exactly one reply");
  // The claim above the root's distance.
  expect_invalid(replace(kNoMateWithinThree, "length 3", "length 5"), 0, "claims no mate within 5");
  // A mate claimed not to be one: the other gold drops that check are missing (and ▲５二金打
  // mates, so no reply could be given to it).
  expect_invalid(R"(tsume-certificate 1
claim no-mate-within
sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1
futile not-counted
length 1
nodes 3
0 A 1 G*5b 1
1 D 0 5a4a 2
2 A -1
end
)",
                 0, "the legal check G*6a is missing");
}

// A node may record more than the edge to it needs ("not mated within d" implies it for every
// smaller d): the writer serves smaller needs from a node of a larger distance. After ▲５二歩打
// △同玉 the attacker has nothing left to check with, so that position is not mated within any
// distance, and the defender position before it neither. The converse, a child recording less
// than its edge needs, is refused at the parent, naming the child.
TEST(NoMateCertificate, ChildRecordingMoreThanNeeded) {
  const std::string stronger =
      replace(replace(kNoMateWithinThree, "1 D 2 5a5b 2", "1 D 4 5a5b 2"), "2 A 1", "2 A 3");
  std::vector<Position> positions;
  const Verdict v = verify(read(stronger), &positions);
  EXPECT_TRUE(v.valid) << "node " << v.node << ": " << v.reason;
  EXPECT_EQ(v.length, 3);
  // The positions of the nodes, the last after △同玉 (the defender holds the pawn).
  ASSERT_EQ(positions.size(), 3u);
  std::string error;
  EXPECT_EQ(positions[2], parse_sfen("9/4k4/9/9/9/9/9/9/8K b p 1", error));
  // Node 1 records 4, so its reply's child must record at least 3.
  expect_invalid(replace(stronger, "2 A 3", "2 A 2"), 1,
                 "the reply 5a5b leads to node 2, not mated only within 2, less than 3");
  // The same in version 4, where node 2 could not be implicit (it would need 3).
  const std::string v4 = replace(stronger, "tsume-certificate 1", "tsume-certificate 4");
  EXPECT_TRUE(verify(read(v4)).valid);
  expect_invalid(replace(v4, "2 A 3", "2 A 2"), 1,
                 "the reply 5a5b leads to node 2, not mated only within 2, less than 3");
}

TEST(NoMateCertificate, NoMateAtAllWithACycle) {
  const Verdict v = verify(read(kNoMateAtAll));
  EXPECT_TRUE(v.valid) << "node " << v.node << ": " << v.reason;
  EXPECT_EQ(v.nodes, 8u);
  EXPECT_TRUE(read(kNoMateAtAll).unbounded);
  // A check left out (the one that leads round).
  expect_invalid(replace(kNoMateAtAll, "0 A inf 4e2c 1 4e5d 3", "0 A inf 4e2c 1"), 0,
                 "the legal check 4e5d is missing");
  // The king cannot step to 3c, which the horse on 2c guards.
  expect_invalid(replace(kNoMateAtAll, "1 D inf 3b2c 2", "1 D inf 3b3c 2"), 1,
                 "the reply 3b3c is not legal");
  // The line closed on the wrong node: node 6 holds another position.
  expect_invalid(replace(kNoMateAtAll, "7 D inf 2c3b 0", "7 D inf 2c3b 6"), 6,
                 "reached as two different positions");
  // A defender node must give a reply to a node of its own.
  expect_invalid(replace(kNoMateAtAll, "7 D inf 2c3b 0", "7 D inf 2c3b -"), 7, "has no child");
  // The same graph claimed as "no mate within 3" is refused for its cycle.
  std::string within = replace(replace(kNoMateAtAll, "claim no-mate\n", "claim no-mate-within\n"),
                               "length inf", "length 3");
  for (const char* node : {"0 A", "1 D", "2 A", "3 D", "4 A", "5 D", "6 A", "7 D"})
    within = replace(within, std::string(node) + " inf", std::string(node) + " 3");
  expect_invalid(within, 0, "a cycle");
}

TEST(NoMateCertificate, ReplyWithoutChild) {
  // No mate within 1: after 5a5b the attacker would need a mate in 0 plies, so no node follows.
  const std::string within_one =
      replace(replace(replace(kNoMateWithinThree, "length 3", "length 1"), "nodes 3", "nodes 2"),
              "0 A 3 P*5b 1\n1 D 2 5a5b 2\n2 A 1\n", "0 A 1 P*5b 1\n1 D 0 5a5b -\n");
  const Verdict v = verify(read(within_one));
  EXPECT_TRUE(v.valid) << "node " << v.node << ": " << v.reason;
  // Where the child must not be mated within 1 or more, a node is needed.
  expect_invalid(
      replace(replace(kNoMateWithinThree, "1 D 2 5a5b 2", "1 D 2 5a5b -"), "nodes 3", "nodes 3"), 1,
      "the reply 5a5b has no child");
  // A mate certificate has a child for every move.
  expect_invalid(replace(kMateInOne, "0 A 1 G*5b 1", "0 A 1 G*5b -"), 0, "has no child");
}

// Version 4: children that need no more than "not mated within 2" written `*`, derived by the
// verifier. kNoMateWithinThree with its last node implicit: after ▲５二歩打 △同玉 the attacker
// has nothing to check with, so that position is not mated within 1; and the defender position
// after ▲５二歩打 is not mated within 2 (the king takes the pawn, nothing is left).
TEST(ImplicitCertificate, ValidForms) {
  const std::string v4 = replace(kNoMateWithinThree, "tsume-certificate 1", "tsume-certificate 4");
  const std::string reply_implicit =
      replace(replace(v4, "nodes 3", "nodes 2"), "1 D 2 5a5b 2\n2 A 1\n", "1 D 2 5a5b *\n");
  Verdict v = verify(read(reply_implicit));
  EXPECT_TRUE(v.valid) << "node " << v.node << ": " << v.reason;
  EXPECT_EQ(v.nodes, 2u);
  EXPECT_EQ(v.length, 3);
  const std::string check_implicit = replace(
      replace(v4, "nodes 3", "nodes 1"), "0 A 3 P*5b 1\n1 D 2 5a5b 2\n2 A 1\n", "0 A 3 P*5b *\n");
  v = verify(read(check_implicit));
  EXPECT_TRUE(v.valid) << "node " << v.node << ": " << v.reason;
  EXPECT_EQ(v.nodes, 1u);
  // The version-1 form is still read and valid under version 4.
  v = verify(read(v4));
  EXPECT_TRUE(v.valid) << "node " << v.node << ": " << v.reason;
  // A reply whose child needs "not mated within 3" cannot be implicit (the root's own distance
  // raised to 4 so that its reply needs 3).
  expect_invalid(replace(replace(reply_implicit, "length 3", "length 5"), "0 A 3 P*5b 1\n1 D 2",
                         "0 A 5 P*5b 1\n1 D 4"),
                 1, "the implicit child ('*') of the reply 5a5b needs no mate within 3, more than");
}

// An implicit child that is not what it claims is rejected at the node whose edge it is.
TEST(ImplicitCertificate, NonTrivialImplicitChildren) {
  // kMateInOne's position: ▲５二金打 mates at once, so it cannot lead to an implicit node of
  // "not mated within 0" (claim: no mate within 1).
  expect_invalid(R"(tsume-certificate 4
claim no-mate-within
sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1
futile not-counted
length 1
nodes 1
0 A 1 G*5b *
end
)",
                 0, "the implicit child ('*') of the check G*5b is a position mated within 0");
  // kThreeNotSeven's position: after ▲１四龍 the king must take (△同玉) and ▲３三飛成 mates (the
  // drops on 2e and 3f futile), so the implicit defender position is mated within 2: the
  // verifier finds the attacker's mating check below it.
  expect_invalid(kImplicitChildMated, 0,
                 "the implicit child ('*') of the check 3d1d is a position mated within 2");
  // The same with every interposition counted: after △同玉 ▲３三飛成 the drops on 2e and 3f
  // are replies, so the king is not mated within 2 and the edge holds; the certificate then
  // fails only for the checks it leaves out.
  const Verdict v = verify(read(R"(tsume-certificate 4
claim no-mate-within
sfen 9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1
futile counted
length 3
nodes 1
0 A 3 3d1d *
end
)"));
  EXPECT_FALSE(v.valid);
  EXPECT_EQ(v.node, 0);
  EXPECT_NE(v.reason.find("is missing"), std::string::npos) << v.reason;
}

// Version 5: nodes recording `inf` (no mate at all, by the rules of a "claim no-mate"
// certificate: every interposition counted, one node per position, cycles allowed) inside a
// no-mate-within certificate. The horse-round position claimed not mated within 5: the root is
// a finite node, its checks lead into kNoMateAtAll's cycle, which closes on node 8, the root's
// position again as a node of its own (a finite and an inf node may hold one position).
const std::string kUnboundedNodes = R"(tsume-certificate 5
claim no-mate-within
problem horse-round-within
sfen 9/6k2/9/9/5+B3/9/9/9/9 b g 1
futile not-counted
length 5
nodes 9
0 A 5 4e2c 1 4e5d 3
1 D inf 3b2c 2
2 A inf
3 D inf 3b2c 4
4 A inf 5d3b 5 5d4e 7
5 D inf 2c3b 6
6 A inf
7 D inf 2c3b 8
8 A inf 4e2c 1 4e5d 3
end
)";

TEST(UnboundedNodesCertificate, ValidAndMutations) {
  std::vector<Position> positions;
  const Verdict v = verify(read(kUnboundedNodes), &positions);
  EXPECT_TRUE(v.valid) << "node " << v.node << ": " << v.reason;
  EXPECT_EQ(v.length, 5);
  EXPECT_EQ(v.nodes, 9u);
  ASSERT_EQ(positions.size(), 9u);
  EXPECT_EQ(positions[8], positions[0]);
  // A reply removed.
  expect_invalid(replace(kUnboundedNodes, "7 D inf 2c3b 8", "7 D inf"), 7, "exactly one reply");
  // A check removed from an inf node.
  expect_invalid(replace(kUnboundedNodes, "8 A inf 4e2c 1 4e5d 3", "8 A inf 4e2c 1"), 8,
                 "the legal check 4e5d is missing");
  // A child whose claim is too weak: an inf node's reply to a finite node.
  expect_invalid(replace(kUnboundedNodes, "8 A inf", "8 A 7"), 7,
                 "the reply 2c3b leads to node 8, not mated only within 7, less than inf");
  // An inf node's reply cannot be implicit ('*' shows no more than "not mated within 2").
  expect_invalid(replace(replace(kUnboundedNodes, "nodes 9", "nodes 8"),
                         "7 D inf 2c3b 8\n8 A inf 4e2c 1 4e5d 3\n", "7 D inf 2c3b *\n"),
                 7, "the implicit child ('*') of the reply 2c3b needs no mate within inf");
  // Two inf nodes of one position (node 8 made a copy of node 2's position would be a
  // different board; the root's twin given twice instead).
  expect_invalid(replace(replace(kUnboundedNodes, "nodes 9", "nodes 10"),
                         "7 D inf 2c3b 8\n8 A inf 4e2c 1 4e5d 3\n",
                         "7 D inf 2c3b 8\n8 A inf 4e2c 1 4e5d 9\n9 D inf 3b2c 4\n"),
                 9, "repeats the position of node 3");
  // A cycle through finite nodes is still refused: every distance 5.
  std::string finite = kUnboundedNodes;
  for (const char* node : {"1 D", "2 A", "3 D", "4 A", "5 D", "6 A", "7 D", "8 A"})
    finite = replace(finite, std::string(node) + " inf", std::string(node) + " 5");
  expect_invalid(finite, 3, "a cycle");
  // The root recording inf would be a second inf node of its position (node 8).
  expect_invalid(replace(kUnboundedNodes, "0 A 5", "0 A inf"), 8, "repeats the position of node 0");
}

// An implicit child that is in fact mated within its need is refused in version 5 as in 4.
TEST(UnboundedNodesCertificate, ImplicitChildMated) {
  expect_invalid(replace(kImplicitChildMated, "tsume-certificate 4", "tsume-certificate 5"), 0,
                 "the implicit child ('*') of the check 3d1d is a position mated within 2");
}

TEST(Certificate, MalformedFilesNameTheLine) {
  const auto error_of = [](const std::string& text) { return test::read_error(text, "bad.cert"); };
  EXPECT_EQ(error_of(replace(kMateInOne, "tsume-certificate 1", "tsume-certificate 6")),
            "bad.cert:1: certificate version '6' is not supported (this reads 1, 2, 3, 4 and 5)");
  // Version 5 is for no-mate-within certificates too; only it has nodes recording inf.
  EXPECT_EQ(error_of(replace(kMateInOne, "tsume-certificate 1", "tsume-certificate 5")),
            "bad.cert:6: a version-5 certificate is a 'claim no-mate-within' certificate");
  EXPECT_EQ(
      error_of(replace(replace(kNoMateWithinThree, "tsume-certificate 1", "tsume-certificate 4"),
                       "2 A 1", "2 A inf")),
      "bad.cert:10: a distance is a number of plies (at least -1)");
  // Version 4 is for no-mate-within certificates, and only it has implicit children.
  EXPECT_EQ(error_of(replace(kMateInOne, "tsume-certificate 1", "tsume-certificate 4")),
            "bad.cert:6: a version-4 certificate is a 'claim no-mate-within' certificate");
  EXPECT_EQ(error_of(replace(kNoMateWithinThree, "1 D 2 5a5b 2", "1 D 2 5a5b *")),
            "bad.cert:9: an implicit child ('*') is for version-4 and 5 certificates");
  // Version 2 is a check certificate, with a header of its own.
  EXPECT_EQ(error_of(replace(kMateInOne, "tsume-certificate 1", "tsume-certificate 2")),
            "bad.cert:5: unknown header line 'length' of a check certificate");
  EXPECT_EQ(error_of(replace(kMateInOne, "1 D 0\n", "1 D 0 5a4a 7\n")),
            "bad.cert:8: '7' is not a node id of this certificate");
  EXPECT_EQ(error_of(replace(kMateInOne, "end\n", "")),
            "bad.cert:8: expected 'end' after the nodes");
  EXPECT_EQ(error_of(replace(kMateInOne, "G*5b 1", "G*5z 1")),
            "bad.cert:7: 'G*5z' is not a USI move");
  // No mate at all: every distance inf, the length too, and inf nowhere else.
  EXPECT_EQ(error_of(replace(kNoMateAtAll, "2 A inf", "2 A 3")),
            "bad.cert:10: every distance of a 'claim no-mate' certificate is inf");
  EXPECT_EQ(error_of(replace(kNoMateAtAll, "length inf", "length 3")),
            "bad.cert:6: a 'claim no-mate' certificate has length inf");
  EXPECT_EQ(error_of(replace(kMateInOne, "length 1", "length inf")),
            "bad.cert:5: length inf is for 'claim no-mate' (given before it)");
}

}  // namespace
}  // namespace tsume::verifier
