;; Core's kernels on W in WebAssembly with 128-bit SIMD (f64x2): the BSR 3x3
;; mat-vec products, a sweep of the position projection on W's normal part, and
;; the engine's assembly of W's blocks.
;; Assembled by scripts/build.mjs into core/wasm/bsr-mul.wasm; loaded by
;; core/src/linalg/bsr-mul-wasm.ts (the products),
;; core/src/engine/projection-sweep-wasm.ts (the sweep) and
;; core/src/engine/assembly-buffers.ts (the assembly), each owning a memory.
;;
;; Storage as in BlockSparseMatrix: rowPtr and colIdx are i32 arrays, each
;; block is nine f64 values, row-major. Every pointer below is a byte address
;; in the imported memory; addresses are compared unsigned, so the whole
;; 4 GiB of a 32-bit memory is usable.
;;
;; The sums are grouped exactly as in the TypeScript kernels (bsr-matvec.ts),
;; y_i += (a_i0 x0 + a_i1 x1) + a_i2 x2 block after block, with no fused
;; multiply-add, so both give the same bits: a solver's iterates do not depend
;; on which kernel ran. Rows 0 and 1 of a block share the two f64x2 lanes
;; (their columns gathered by a shuffle), row 2 is scalar.
(module
  (import "env" "memory" (memory 1))

  ;; y[3 r0 .. 3 r1) = block rows r0 .. r1-1 of W x. y must not alias x.
  (func (export "mul")
    (param $rowPtr i32) (param $colIdx i32) (param $values i32)
    (param $x i32) (param $y i32) (param $r0 i32) (param $r1 i32)
    (local $rp i32) (local $rpEnd i32) (local $c i32) (local $cEnd i32)
    (local $v i32) (local $yp i32) (local $xp i32)
    (local $v0 v128) (local $v1 v128) (local $v2 v128)
    (local $y01 v128) (local $y2 f64)
    (if (i32.ge_u (local.get $r0) (local.get $r1)) (then (return)))
    (local.set $rp (i32.add (local.get $rowPtr) (i32.shl (local.get $r0) (i32.const 2))))
    (local.set $rpEnd (i32.add (local.get $rowPtr) (i32.shl (local.get $r1) (i32.const 2))))
    (local.set $c (i32.load (local.get $rp)))
    (local.set $v (i32.add (local.get $values) (i32.mul (local.get $c) (i32.const 72))))
    (local.set $c (i32.add (local.get $colIdx) (i32.shl (local.get $c) (i32.const 2))))
    (local.set $yp (i32.add (local.get $y) (i32.mul (local.get $r0) (i32.const 24))))
    (loop $row
      (local.set $cEnd (i32.add (local.get $colIdx)
        (i32.shl (i32.load offset=4 (local.get $rp)) (i32.const 2))))
      (local.set $y01 (v128.const f64x2 0 0))
      (local.set $y2 (f64.const 0))
      (block $rowDone
        (loop $block
          (br_if $rowDone (i32.ge_u (local.get $c) (local.get $cEnd)))
          (local.set $xp (i32.add (local.get $x) (i32.mul (i32.load (local.get $c)) (i32.const 24))))
          ;; (a0 a1) (a2 a3) (a4 a5); a6 a7 a8 are read as scalars below
          (local.set $v0 (v128.load (local.get $v)))
          (local.set $v1 (v128.load offset=16 (local.get $v)))
          (local.set $v2 (v128.load offset=32 (local.get $v)))
          ;; (y0 y1) += ((a0 a3) x0 + (a1 a4) x1) + (a2 a5) x2
          (local.set $y01 (f64x2.add (local.get $y01)
            (f64x2.add
              (f64x2.add
                (f64x2.mul
                  (i8x16.shuffle 0 1 2 3 4 5 6 7 24 25 26 27 28 29 30 31 (local.get $v0) (local.get $v1))
                  (v128.load64_splat (local.get $xp)))
                (f64x2.mul
                  (i8x16.shuffle 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 (local.get $v0) (local.get $v2))
                  (v128.load64_splat offset=8 (local.get $xp))))
              (f64x2.mul
                (i8x16.shuffle 0 1 2 3 4 5 6 7 24 25 26 27 28 29 30 31 (local.get $v1) (local.get $v2))
                (v128.load64_splat offset=16 (local.get $xp))))))
          ;; y2 += (a6 x0 + a7 x1) + a8 x2
          (local.set $y2 (f64.add (local.get $y2)
            (f64.add
              (f64.add
                (f64.mul (f64.load offset=48 (local.get $v)) (f64.load (local.get $xp)))
                (f64.mul (f64.load offset=56 (local.get $v)) (f64.load offset=8 (local.get $xp))))
              (f64.mul (f64.load offset=64 (local.get $v)) (f64.load offset=16 (local.get $xp))))))
          (local.set $c (i32.add (local.get $c) (i32.const 4)))
          (local.set $v (i32.add (local.get $v) (i32.const 72)))
          (br $block)))
      (v128.store (local.get $yp) (local.get $y01))
      (f64.store offset=16 (local.get $yp) (local.get $y2))
      (local.set $yp (i32.add (local.get $yp) (i32.const 24)))
      (local.set $rp (i32.add (local.get $rp) (i32.const 4)))
      (br_if $row (i32.lt_u (local.get $rp) (local.get $rpEnd)))))

  ;; y = W^T x over all n block rows (scatter: block (i, j) adds its transpose
  ;; times x_i into y_j). y must not alias x. Row-major storage makes the
  ;; transpose the SIMD-friendly direction: (a0 a1), (a3 a4), (a6 a7) times
  ;; splatted x_i give (y_j0 y_j1) with no shuffle; a2, a5, a8 give y_j2.
  (func (export "mulTranspose")
    (param $rowPtr i32) (param $colIdx i32) (param $values i32)
    (param $x i32) (param $y i32) (param $n i32)
    (local $rp i32) (local $rpEnd i32) (local $c i32) (local $cEnd i32)
    (local $v i32) (local $xp i32) (local $yp i32)
    (local $s0 v128) (local $s1 v128) (local $s2 v128)
    (local $x0 f64) (local $x1 f64) (local $x2 f64)
    (memory.fill (local.get $y) (i32.const 0) (i32.mul (local.get $n) (i32.const 24)))
    (if (i32.eqz (local.get $n)) (then (return)))
    (local.set $rp (local.get $rowPtr))
    (local.set $rpEnd (i32.add (local.get $rowPtr) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $c (local.get $colIdx))
    (local.set $v (local.get $values))
    (local.set $xp (local.get $x))
    (loop $row
      (local.set $cEnd (i32.add (local.get $colIdx)
        (i32.shl (i32.load offset=4 (local.get $rp)) (i32.const 2))))
      (local.set $x0 (f64.load (local.get $xp)))
      (local.set $x1 (f64.load offset=8 (local.get $xp)))
      (local.set $x2 (f64.load offset=16 (local.get $xp)))
      (local.set $s0 (f64x2.splat (local.get $x0)))
      (local.set $s1 (f64x2.splat (local.get $x1)))
      (local.set $s2 (f64x2.splat (local.get $x2)))
      (block $rowDone
        (loop $block
          (br_if $rowDone (i32.ge_u (local.get $c) (local.get $cEnd)))
          (local.set $yp (i32.add (local.get $y) (i32.mul (i32.load (local.get $c)) (i32.const 24))))
          (v128.store (local.get $yp) (f64x2.add (v128.load (local.get $yp))
            (f64x2.add
              (f64x2.add
                (f64x2.mul (v128.load (local.get $v)) (local.get $s0))
                (f64x2.mul (v128.load offset=24 (local.get $v)) (local.get $s1)))
              (f64x2.mul (v128.load offset=48 (local.get $v)) (local.get $s2)))))
          (f64.store offset=16 (local.get $yp) (f64.add (f64.load offset=16 (local.get $yp))
            (f64.add
              (f64.add
                (f64.mul (f64.load offset=16 (local.get $v)) (local.get $x0))
                (f64.mul (f64.load offset=40 (local.get $v)) (local.get $x1)))
              (f64.mul (f64.load offset=64 (local.get $v)) (local.get $x2)))))
          (local.set $c (i32.add (local.get $c) (i32.const 4)))
          (local.set $v (i32.add (local.get $v) (i32.const 72)))
          (br $block)))
      (local.set $xp (i32.add (local.get $xp) (i32.const 24)))
      (local.set $rp (i32.add (local.get $rp) (i32.const 4)))
      (br_if $row (i32.lt_u (local.get $rp) (local.get $rpEnd)))))

  ;; One projected Gauss–Seidel sweep of the position projection
  ;; (core/src/engine/position-correction.ts): for each contact a in order with
  ;; W_aa > 0, w = target_a + sum_k val_k p_col_k over row a of W_NN (ptr, col:
  ;; i32 arrays; val, diag, target, p: f64 arrays), p_a = max(0, p_a - w / W_aa).
  ;; The same operations in the same order as the TypeScript loop, with no fused
  ;; multiply-add, so both give the same bits. Returns the largest |Δp_a| W_aa.
  (func (export "projectSweep")
    (param $nc i32) (param $ptr i32) (param $col i32) (param $val i32)
    (param $diag i32) (param $target i32) (param $p i32) (result f64)
    (local $a i32) (local $k i32) (local $end i32) (local $pa i32)
    (local $w f64) (local $waa f64) (local $old f64) (local $next f64)
    (local $moved f64) (local $change f64)
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $a) (local.get $nc)))
        (local.set $waa (f64.load (i32.add (local.get $diag) (i32.shl (local.get $a) (i32.const 3)))))
        (if (f64.gt (local.get $waa) (f64.const 0))
          (then
            (local.set $w (f64.load (i32.add (local.get $target) (i32.shl (local.get $a) (i32.const 3)))))
            (local.set $k (i32.load (i32.add (local.get $ptr) (i32.shl (local.get $a) (i32.const 2)))))
            (local.set $end (i32.load offset=4 (i32.add (local.get $ptr) (i32.shl (local.get $a) (i32.const 2)))))
            (block $rowDone
              (loop $entry
                (br_if $rowDone (i32.ge_u (local.get $k) (local.get $end)))
                (local.set $w (f64.add (local.get $w)
                  (f64.mul
                    (f64.load (i32.add (local.get $val) (i32.shl (local.get $k) (i32.const 3))))
                    (f64.load (i32.add (local.get $p)
                      (i32.shl (i32.load (i32.add (local.get $col) (i32.shl (local.get $k) (i32.const 2)))) (i32.const 3)))))))
                (local.set $k (i32.add (local.get $k) (i32.const 1)))
                (br $entry)))
            (local.set $pa (i32.add (local.get $p) (i32.shl (local.get $a) (i32.const 3))))
            (local.set $old (f64.load (local.get $pa)))
            (local.set $next (f64.max (f64.const 0) (f64.sub (local.get $old) (f64.div (local.get $w) (local.get $waa)))))
            (local.set $moved (f64.mul (f64.abs (f64.sub (local.get $next) (local.get $old))) (local.get $waa)))
            (if (f64.gt (local.get $moved) (local.get $change)) (then (local.set $change (local.get $moved))))
            (f64.store (local.get $pa) (local.get $next))))
        (local.set $a (i32.add (local.get $a) (i32.const 1)))
        (br $row)))
    (local.get $change))

  ;; W's blocks on and above the diagonal (core/src/engine/contact-assembly.ts, `blocks`):
  ;; for each free body i and each pair x <= y of its entries (2 alpha + side, i32
  ;; bodyEntry in CSR over bodies by bodyStart), block (alpha, beta) gets
  ;; f (H_x G_y^T), f the product of the two sides' signs, found in row alpha by
  ;; scanning colIdx from rowPtr[alpha]. The block's first contributor writes
  ;; 0 + term, a later one (a free body before i shared by both rows) adds. H and
  ;; G hold 3 x dofs rows per entry at hOffset (f64 indices); free is one byte a
  ;; body, dofs one i32. The nine sums run over d in order with no fused
  ;; multiply-add, as the TypeScript loop does: the same bits.
  (func (export "assemblyBlocks")
    (param $nb i32) (param $bodyStart i32) (param $bodyEntry i32) (param $hOffset i32)
    (param $pairA i32) (param $pairB i32) (param $free i32) (param $dofs i32)
    (param $rowPtr i32) (param $colIdx i32) (param $H i32) (param $G i32) (param $values i32)
    (local $i i32) (local $n i32) (local $x i32) (local $xe i32) (local $y i32)
    (local $ea i32) (local $a i32) (local $sa f64) (local $ha i32) (local $other i32) (local $otherBefore i32)
    (local $p i32) (local $eb i32) (local $b i32) (local $gb i32) (local $f f64) (local $d i32)
    (local $hp i32) (local $gp i32) (local $o i32)
    (local $h0 f64) (local $h1 f64) (local $h2 f64) (local $g0 f64) (local $g1 f64) (local $g2 f64)
    (local $a00 f64) (local $a01 f64) (local $a02 f64) (local $a10 f64) (local $a11 f64) (local $a12 f64)
    (local $a20 f64) (local $a21 f64) (local $a22 f64) (local $n8 i32)
    (block $bodiesDone
      (loop $body
        (br_if $bodiesDone (i32.ge_u (local.get $i) (local.get $nb)))
        (local.set $n (i32.load (i32.add (local.get $dofs) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $n8 (i32.shl (local.get $n) (i32.const 3)))
        (local.set $x (i32.load (i32.add (local.get $bodyStart) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $xe (i32.load offset=4 (i32.add (local.get $bodyStart) (i32.shl (local.get $i) (i32.const 2)))))
        (block $xDone
          (loop $xLoop
            (br_if $xDone (i32.ge_s (local.get $x) (local.get $xe)))
            (local.set $ea (i32.load (i32.add (local.get $bodyEntry) (i32.shl (local.get $x) (i32.const 2)))))
            (local.set $a (i32.shr_s (local.get $ea) (i32.const 1)))
            (local.set $sa (select (f64.const -1) (f64.const 1) (i32.and (local.get $ea) (i32.const 1))))
            (local.set $ha (i32.load (i32.add (local.get $hOffset) (i32.shl (local.get $ea) (i32.const 2)))))
            (local.set $other (i32.load (i32.add
              (select (local.get $pairA) (local.get $pairB) (i32.and (local.get $ea) (i32.const 1)))
              (i32.shl (local.get $a) (i32.const 2)))))
            (local.set $otherBefore (i32.and
              (i32.eq (i32.load8_u (i32.add (local.get $free) (local.get $other))) (i32.const 1))
              (i32.lt_s (local.get $other) (local.get $i))))
            (local.set $p (i32.load (i32.add (local.get $rowPtr) (i32.shl (local.get $a) (i32.const 2)))))
            (local.set $y (local.get $x))
            (block $yDone
              (loop $yLoop
                (br_if $yDone (i32.ge_s (local.get $y) (local.get $xe)))
                (local.set $eb (i32.load (i32.add (local.get $bodyEntry) (i32.shl (local.get $y) (i32.const 2)))))
                (local.set $b (i32.shr_s (local.get $eb) (i32.const 1)))
                (local.set $gb (i32.load (i32.add (local.get $hOffset) (i32.shl (local.get $eb) (i32.const 2)))))
                (local.set $f (f64.mul (local.get $sa) (select (f64.const -1) (f64.const 1) (i32.and (local.get $eb) (i32.const 1)))))
                (block $found
                  (loop $scan
                    (br_if $found (i32.ge_s (i32.load (i32.add (local.get $colIdx) (i32.shl (local.get $p) (i32.const 2)))) (local.get $b)))
                    (local.set $p (i32.add (local.get $p) (i32.const 1)))
                    (br $scan)))
                (local.set $a00 (f64.const 0)) (local.set $a01 (f64.const 0)) (local.set $a02 (f64.const 0))
                (local.set $a10 (f64.const 0)) (local.set $a11 (f64.const 0)) (local.set $a12 (f64.const 0))
                (local.set $a20 (f64.const 0)) (local.set $a21 (f64.const 0)) (local.set $a22 (f64.const 0))
                (local.set $hp (i32.add (local.get $H) (i32.shl (local.get $ha) (i32.const 3))))
                (local.set $gp (i32.add (local.get $G) (i32.shl (local.get $gb) (i32.const 3))))
                (local.set $d (i32.const 0))
                (block $dDone
                  (loop $dLoop
                    (br_if $dDone (i32.ge_s (local.get $d) (local.get $n)))
                    (local.set $h0 (f64.load (local.get $hp)))
                    (local.set $h1 (f64.load (i32.add (local.get $hp) (local.get $n8))))
                    (local.set $h2 (f64.load (i32.add (local.get $hp) (i32.shl (local.get $n8) (i32.const 1)))))
                    (local.set $g0 (f64.load (local.get $gp)))
                    (local.set $g1 (f64.load (i32.add (local.get $gp) (local.get $n8))))
                    (local.set $g2 (f64.load (i32.add (local.get $gp) (i32.shl (local.get $n8) (i32.const 1)))))
                    (local.set $a00 (f64.add (local.get $a00) (f64.mul (local.get $h0) (local.get $g0))))
                    (local.set $a01 (f64.add (local.get $a01) (f64.mul (local.get $h0) (local.get $g1))))
                    (local.set $a02 (f64.add (local.get $a02) (f64.mul (local.get $h0) (local.get $g2))))
                    (local.set $a10 (f64.add (local.get $a10) (f64.mul (local.get $h1) (local.get $g0))))
                    (local.set $a11 (f64.add (local.get $a11) (f64.mul (local.get $h1) (local.get $g1))))
                    (local.set $a12 (f64.add (local.get $a12) (f64.mul (local.get $h1) (local.get $g2))))
                    (local.set $a20 (f64.add (local.get $a20) (f64.mul (local.get $h2) (local.get $g0))))
                    (local.set $a21 (f64.add (local.get $a21) (f64.mul (local.get $h2) (local.get $g1))))
                    (local.set $a22 (f64.add (local.get $a22) (f64.mul (local.get $h2) (local.get $g2))))
                    (local.set $hp (i32.add (local.get $hp) (i32.const 8)))
                    (local.set $gp (i32.add (local.get $gp) (i32.const 8)))
                    (local.set $d (i32.add (local.get $d) (i32.const 1)))
                    (br $dLoop)))
                (if (i32.eq (local.get $b) (local.get $a))
                  (then (local.set $a10 (local.get $a01)) (local.set $a20 (local.get $a02)) (local.set $a21 (local.get $a12))))
                (local.set $o (i32.add (local.get $values) (i32.mul (local.get $p) (i32.const 72))))
                (if (i32.and (local.get $otherBefore)
                      (i32.or
                        (i32.eq (local.get $other) (i32.load (i32.add (local.get $pairA) (i32.shl (local.get $b) (i32.const 2)))))
                        (i32.eq (local.get $other) (i32.load (i32.add (local.get $pairB) (i32.shl (local.get $b) (i32.const 2)))))))
                  (then
                    (f64.store offset=0 (local.get $o) (f64.add (f64.load offset=0 (local.get $o)) (f64.mul (local.get $f) (local.get $a00))))
                    (f64.store offset=8 (local.get $o) (f64.add (f64.load offset=8 (local.get $o)) (f64.mul (local.get $f) (local.get $a01))))
                    (f64.store offset=16 (local.get $o) (f64.add (f64.load offset=16 (local.get $o)) (f64.mul (local.get $f) (local.get $a02))))
                    (f64.store offset=24 (local.get $o) (f64.add (f64.load offset=24 (local.get $o)) (f64.mul (local.get $f) (local.get $a10))))
                    (f64.store offset=32 (local.get $o) (f64.add (f64.load offset=32 (local.get $o)) (f64.mul (local.get $f) (local.get $a11))))
                    (f64.store offset=40 (local.get $o) (f64.add (f64.load offset=40 (local.get $o)) (f64.mul (local.get $f) (local.get $a12))))
                    (f64.store offset=48 (local.get $o) (f64.add (f64.load offset=48 (local.get $o)) (f64.mul (local.get $f) (local.get $a20))))
                    (f64.store offset=56 (local.get $o) (f64.add (f64.load offset=56 (local.get $o)) (f64.mul (local.get $f) (local.get $a21))))
                    (f64.store offset=64 (local.get $o) (f64.add (f64.load offset=64 (local.get $o)) (f64.mul (local.get $f) (local.get $a22)))))
                  (else
                    (f64.store offset=0 (local.get $o) (f64.add (f64.const 0) (f64.mul (local.get $f) (local.get $a00))))
                    (f64.store offset=8 (local.get $o) (f64.add (f64.const 0) (f64.mul (local.get $f) (local.get $a01))))
                    (f64.store offset=16 (local.get $o) (f64.add (f64.const 0) (f64.mul (local.get $f) (local.get $a02))))
                    (f64.store offset=24 (local.get $o) (f64.add (f64.const 0) (f64.mul (local.get $f) (local.get $a10))))
                    (f64.store offset=32 (local.get $o) (f64.add (f64.const 0) (f64.mul (local.get $f) (local.get $a11))))
                    (f64.store offset=40 (local.get $o) (f64.add (f64.const 0) (f64.mul (local.get $f) (local.get $a12))))
                    (f64.store offset=48 (local.get $o) (f64.add (f64.const 0) (f64.mul (local.get $f) (local.get $a20))))
                    (f64.store offset=56 (local.get $o) (f64.add (f64.const 0) (f64.mul (local.get $f) (local.get $a21))))
                    (f64.store offset=64 (local.get $o) (f64.add (f64.const 0) (f64.mul (local.get $f) (local.get $a22))))))
                (local.set $y (i32.add (local.get $y) (i32.const 1)))
                (br $yLoop)))
            (local.set $x (i32.add (local.get $x) (i32.const 1)))
            (br $xLoop)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $body))))

  ;; Block (b, a) <- transpose of block (a, b) for every a < b (`mirror`): the
  ;; pattern is symmetric, so the blocks below the diagonal of column a, met row
  ;; by row, are those right of the diagonal of row a in column order; cursor (one
  ;; i32 a row) walks them. Copied as i64, bit for bit.
  (func (export "assemblyMirror")
    (param $rows i32) (param $rowPtr i32) (param $colIdx i32) (param $values i32) (param $cursor i32)
    (local $a i32) (local $b i32) (local $k i32) (local $end i32) (local $t i32) (local $u i32) (local $cp i32)
    (block $initDone
      (loop $init
        (br_if $initDone (i32.ge_s (local.get $a) (local.get $rows)))
        (local.set $k (i32.load (i32.add (local.get $rowPtr) (i32.shl (local.get $a) (i32.const 2)))))
        (block $found
          (loop $scan
            (br_if $found (i32.ge_s (i32.load (i32.add (local.get $colIdx) (i32.shl (local.get $k) (i32.const 2)))) (local.get $a)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $scan)))
        (i32.store (i32.add (local.get $cursor) (i32.shl (local.get $a) (i32.const 2))) (i32.add (local.get $k) (i32.const 1)))
        (local.set $a (i32.add (local.get $a) (i32.const 1)))
        (br $init)))
    (block $rowsDone
      (loop $row
        (br_if $rowsDone (i32.ge_s (local.get $b) (local.get $rows)))
        (local.set $k (i32.load (i32.add (local.get $rowPtr) (i32.shl (local.get $b) (i32.const 2)))))
        (local.set $end (i32.load offset=4 (i32.add (local.get $rowPtr) (i32.shl (local.get $b) (i32.const 2)))))
        (block $lowerDone
          (loop $lower
            (br_if $lowerDone (i32.ge_s (local.get $k) (local.get $end)))
            (local.set $a (i32.load (i32.add (local.get $colIdx) (i32.shl (local.get $k) (i32.const 2)))))
            (br_if $lowerDone (i32.ge_s (local.get $a) (local.get $b)))
            (local.set $cp (i32.add (local.get $cursor) (i32.shl (local.get $a) (i32.const 2))))
            (local.set $t (i32.add (local.get $values) (i32.mul (local.get $k) (i32.const 72))))
            (local.set $u (i32.add (local.get $values) (i32.mul (i32.load (local.get $cp)) (i32.const 72))))
            (i32.store (local.get $cp) (i32.add (i32.load (local.get $cp)) (i32.const 1)))
            (i64.store offset=0 (local.get $t) (i64.load offset=0 (local.get $u)))
            (i64.store offset=8 (local.get $t) (i64.load offset=24 (local.get $u)))
            (i64.store offset=16 (local.get $t) (i64.load offset=48 (local.get $u)))
            (i64.store offset=24 (local.get $t) (i64.load offset=8 (local.get $u)))
            (i64.store offset=32 (local.get $t) (i64.load offset=32 (local.get $u)))
            (i64.store offset=40 (local.get $t) (i64.load offset=56 (local.get $u)))
            (i64.store offset=48 (local.get $t) (i64.load offset=16 (local.get $u)))
            (i64.store offset=56 (local.get $t) (i64.load offset=40 (local.get $u)))
            (i64.store offset=64 (local.get $t) (i64.load offset=64 (local.get $u)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $lower)))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $row)))))
