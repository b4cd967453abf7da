/** Product illustrations are small SVGs in public/products, 4:3; width/height reserve their space. */
export function ProductImage({ src, alt, priority = false, className }: { src: string; alt: string; priority?: boolean; className?: string }) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- static SVGs need no optimisation; a plain img works offline
    <img
      src={src}
      alt={alt}
      width={400}
      height={300}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}
