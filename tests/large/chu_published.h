// Published chu legal-move counts, shared by the tests of solver/large and of the reference.
#pragma once

#include <cstdint>

namespace tsume::test {

struct PublishedCount {
  const char* sfen;
  std::uint64_t moves;
};

// Legal-move counts from jh85/chushogi tests/perft_cases.tsv (commit 1b20c353; its README says
// they come from scalashogi's chu test fixtures, i.e. lishogi's values; docs/refs.md), 37 of its
// 287: lone Lion, promoted Kirin, Horned Falcon and Soaring Eagle, Lions near each other, the
// lion-capture field, and middle and end games. lishogi has no check rule, hence
// RoyalRule::Capture.
inline constexpr PublishedCount kPublishedChuCounts[] = {
    {"kg10/12/12/12/12/12/5N6/12/12/12/12/11K b - 1", 91},
    {"kg10/12/12/12/12/12/5+O6/12/12/12/12/11K b - 1", 91},
    {"kg10/12/12/12/12/12/5+H6/12/12/12/12/11K b - 1", 44},
    {"kg10/12/12/12/12/12/5+D6/12/12/12/12/11K b - 1", 43},
    {"k11/12/12/12/7g4/6n5/5N6/12/12/12/12/11K b - 1", 91},
    {"k11/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/11K b - 1", 101},
    {"11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1", 8},
    {"11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 7},
    {"lf1s1x1kg1sl/ac1degt1ocfa/mb1h1tn1drvm/pv6pbp1/3pp1p1i2p/1prI2P3h1/3PP1+H1IPPP/"
     "1Pp4pPR2/P3DP1S2Q1/MR1HO1E1B1VM/AVBCTKDT2FA/LF1S1G1GXC1L b 5h 115",
     80},
    {"lfcbgek1stfl/1vr1tx1goh1a/2mhs1qd1cbm/ap1p1dn1pr2/2pip1Pp3p/P6Pi1P1/1PP2p3v1P/"
     "1V1IPP2PR1V/3PH1Q5/M1RND1OD1C1M/ACBG2TEGBFA/LFST1KX1S2L b - 137",
     107},
    {"3be1t1x2l/1cr1g2s1vca/1t+P1hd3d1m/l1+P3kq+Ph2/7P1o1A/7D4/10r1/1S2s7/M3+p1H1FT2/"
     "AVFD4R1ML/5G1ECB1T/L1O1+b1K5 w - 354",
     148},
    {"lf1tgktg2fl/a1sd1eo1cbva/cmrh2sdr1hm/1vxp2qpp2+P/p1p3p5/1p2pPP3P1/3I3PIP2/2bP4P3/"
     "PPP1PNDQ3M/MVRH1D2BRVF/ACBOTEXTG2A/LFSG1KHS1C1L w - 124",
     72},
    {"4q1e3s1/l2g3d1kf1/svf1t7/3cmtn2+Pm1/1x1i3g4/4ph1K1F2/aD9C/1P1SM+oE1O2A/2M+h4N1VL/"
     "FV1C1DS5/L9G1/6XG3T w - 388",
     251},
    {"1f9l/2ndkgstcf1a/lbm1se1d3v/+Prtpc+P+Pxr3/1v6P1b1/1P1i8/4M7/RVOP2BPH1V1/MHC2X3R1A/"
     "A1DSGB3DCL/3F1QEGS3/L4K2T1F1 b - 271",
     159},
    {"lb3o6/a1c1ttkh1f1l/v5dsb+H1g/fs1+P1g1hp2a/3xP1q5/1emp4P1c1/3r1OG5/A1MI1N6/3P6C+d/"
     "R2T1K2M1V1/F1DCHG3SFA/L2S2E1X2L w - 322",
     120},
    {"l4+H1t4/a3k3cf2/2+Pe1x+P4l/mc8oa/3pt3n3/1r3b4sm/1r5H3L/C2R5+Rq1/1MB2G2X3/A6T4/"
     "L2FKS6/7G3C b - 395",
     133},
    {"2tf8/l1+Rs1e3k1l/1v1b2b+P1gfa/6sxt1m1/a4g2c3/4o2G4/1VQc3P1p1p/A2CD1D5/1O5SR1T1/"
     "2FMS3M2L/L7C2V/2T2E1KF3 b - 393",
     137},
    {"lg9l/2h2xos3a/1f2ekt1tgmr/2s5h3/2Bd6f1/2F3D4A/3pq3P1b1/5p5L/3+cEM3CP1/1H1D3G1R2/"
     "L1K1T2QS1F1/4+b2T1VB1 w - 390",
     150},
    {"1h3t2b3/10f1/2+Bok1+Id1x1Q/m3dc6/4N2m1g1+P/2f7n1/3GH7/2v3c4D/3CD2S3M/1+pH2G2E2A/"
     "F6+p1O1L/LVK4ST1F1 w - 392",
     169},
    {"l1r5ko2/a1m1t5dl/cg1s2h1s2a/1f6g1+Pc/3ex2b3v/3B8/2D3n5/1VC1p3+p3/S3+p2S2CM/MR9A/"
     "LF1THENGTG1L/1H1K4V2R b - 399",
     149},
    {"l3e3h1ft/a1f2t2o3/cs2h4k2/vmr1b2g3l/A3bQG3+Pa/g2P3spc2/2p3P5/2n1D2SB+r2/1+p1O1X4M1/"
     "2VB1GEHD2+A/L3T1T1F1V1/1F1H3KSC1L w - 302",
     180},
    {"7k1rbf/l1f1s1e1q3/c1g1rt1cv1m1/m2pg1os+P3/2H7R1/1PP9/A1x3D4l/L2PX3TM1L/1MB1SK2+p1+p1/"
     "2R5T1V1/F1G2O3G2/1CE3B2CF1 w - 384",
     90},
    {"lt5s1v1l/a1v1q3s2a/f2gge2kcf+A/2bc+H+Pt2+Po1/mpS1P3bOV1/1VD9/5E6/4+iB1PP1M+L/1+p6R3/"
     "A1C1K2R3S/L2XGBG2F2/2F2TT1HD2 b - 369",
     171},
    {"l1t2qe1tx2/1h1f2s4b/ar3k4f1/2s4dd1+Bl/2+A3g5/b5Xh1C2/1cR1p1g2V2/L2iG4HM1/7R1F1+a/VFD1T6L/"
     "3S3D2GS/M4K+p2T2 b - 359",
     132},
    {"2f4h1o1l/lt4k1ns1a/2hb+B1gqt1f1/acs1g1d5/8mc1+P/5m6/1v1O4E3/p6DS2G/1MR1+p1P2CV1/6+p1R2M/"
     "T1F2C4FA/L3DSNKBT1L w - 338",
     152},
    {"l3to1df3/s+P1v3k1h2/a3b2t1cv1/2ep+D1s5/mhqf2x1dr1l/VPCP4n3/2B1HOQSP2A/12/A5+pX4/"
     "1+p2TRE1BG+a1/3K7L/LFS1G1T5 w - 326",
     180},
    {"3x1t4fl/lmf2ets1bca/3bg4v1m/a1+P3r4r/1P4k4o/p7p3/C4g5A/8IS2/1G3XD5/ARM+cT1O3F1/H1S2HGQ1CV1/"
     "L1FKT1E4L w - 342",
     92},
    {"4sx6/l8t1l/2v1f1s1b2c/3m1ke5/3b3p1m1C/a1Dc6v1/B8V1D/2O4E3A/4+r2n1M2/AC6F1B1/L1F1T7/4SK3T1L "
     "w - 374",
     202},
    {"2vgett4f/1f1s2d1m1c1/2mn2+Bsb1+Pl/lpc+H+P2k4/1d8ga/1PO8p/A4P5P/1V4N2r2/2RK+pG1TF+p2/L5T4A/"
     "FH1CS1DS1CV+v/3G2E5 w - 340",
     136},
    {"3e2ttbcf1/l3n2sd3/ag+vdhok2+P1l/+L3f2r3+P/1ms9/11A/1FV1cDxM4/1H6p2L/GM2S1H+p1+r2/8GQ2/"
     "2BT1K1XSC1F/7E4 b - 389",
     129},
    {"lv3t2t3/3m4kbs1/+Af3sq1e1f1/4o2g+P2l/2+h2+bP3ma/3P8/L1N2c4+H1/1d8DA/2C3+hMG+pTL/1F3+p3EC1/"
     "2BS2X5/2O1KT1RS1RF b - 361",
     182},
    {"l2ggx1t1r2/fmb2t1kq1sl/c3he2fd1a/2+P1+P2b4/6p1m2c/1G1p1n1dP1p+v/a2i2h1R3/p2PTp3SP1/"
     "1+p1RH3D2V/1+v3XGQ1FMA/ACFOE2TC2L/L3KS4H1 w - 312",
     176},
    {"2gt3t4/lms4k3l/afc1reso3a/b2n6mb/P3d2h2cf/4xGd+D1v2/1G1H3q4/MB2E3iCpp/A2+h1O1M3B/LS1RT5FA/"
     "2F1C2+p4/V1N1K4VTL w - 322",
     200},
    {"lfkts4fcl/ac3egths1a/1brx3+P1r2/m1g2Nd2bdm/vh7+I1v/p2pp4P1L/1H1i2X1P1H1/M2PPD4P1/"
     "A1+p3DV2+p1/1B1Tn1GRS3/V1RG1O2E1F1/L1FSK2T4 b - 217",
     204},
    {"lf1s1ekob1fl/acb2tt1sgca/2d1g1ndr1v1/mv1q2p1php1/3pp2p3m/1p1i1x2iPhP/p3P7/1PrP3P4/"
     "M1H1X1PQ3M/AR1S1+pG1HRD1/1VB1GOEBSCVA/LFC1TK1T2FL b - 129",
     81},
    {"l1c3g1b2l/1fbd2ektcfa/1v1s1g1ond2/1r3h1s1r1+P/2t9/m6ppp2/1C1ppNBP1P2/A1pE2p1I1vM/"
     "1O2+p1Q1PB2/2RHD6F/1F2KTXS3A/L2SG1TGD1RL b - 249",
     183},
    {"lfc1ge1kscfl/a1rstxotgb1a/1v3qdr3m/mh1d3pph1p/1p3p1n1pvP/P1p1p1p1I1p1/1PHpP2b2P1/4QP2PP2/"
     "M1PO2P1X3/1VRBDE1DV2M/AC2SKGTRBCA/LFN1G1T1S1FL b - 117",
     100},
};

}  // namespace tsume::test
